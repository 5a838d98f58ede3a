#ifndef HERALD_CLIBXML2_SHIM_H
#define HERALD_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Foundation also sees ICU; libxml2's ICU types clash with it on a clean build. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/encoding.h>
#include <libxml/uri.h>
#include <libxml/xmlstring.h>
#include <libxml/entities.h>

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state. */
static inline void herald_xml_free(void *pointer) { xmlFree(pointer); }
#endif
