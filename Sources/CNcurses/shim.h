// The few ncursesw entry points the terminal backend uses, as plain functions: `stdscr`,
// attributes and COLOR_PAIR are macros or globals Swift cannot import safely.
#ifndef HERALD_CNCURSES_SHIM_H
#define HERALD_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/// Chooses a UTF-8 locale for the terminal: the user's, else C.UTF-8. Returns 1 when the
/// character set is UTF-8.
static inline int herald_use_utf8_locale(void) {
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") == 0) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL && strcmp(nl_langinfo(CODESET), "UTF-8") == 0) return 1;
    return 0;
}

static void herald_restore_and_reraise(int sig) {
    endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

/// Restores the terminal (cursor, echo, canonical mode, main screen) before the process dies
/// of a termination signal or a crash.
static inline void herald_install_restore_handlers(void) {
    int signals[] = { SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE };
    for (unsigned i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) signal(signals[i], herald_restore_and_reraise);
}

/// Starts curses: raw keys (Ctrl-C and Ctrl-Z arrive as keys), no echo, keypad decoding, no
/// cursor, non-blocking reads, terminal default colours when `colours` is set.
static inline int herald_start(int colours) {
    if (initscr() == NULL) return 0;
    raw();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    if (colours && has_colors()) {
        start_color();
        use_default_colors();
        init_pair(1, COLOR_CYAN, -1);    // links, headings
        init_pair(2, COLOR_YELLOW, -1);  // matches, notices
        init_pair(3, COLOR_RED, -1);     // errors
        init_pair(4, COLOR_GREEN, -1);   // progress
        init_pair(5, COLOR_BLUE, -1);    // dim details
    }
    return 1;
}

/// Reads one key without waiting. Returns ERR when none; sets `*function` when the key is a
/// function key (KEY_UP…), else the value is a Unicode scalar.
static inline int herald_read_key(int *function) {
    wint_t value = 0;
    int kind = wget_wch(stdscr, &value);
    if (kind == ERR) return ERR;
    *function = (kind == KEY_CODE_YES);
    return (int)value;
}

/// Writes UTF-8 text at the cursor with the given attributes and colour pair.
static inline void herald_write(const char *utf8, int bold, int reverse, int underline, int dim, short pair) {
    attr_t attributes = A_NORMAL;
    if (bold) attributes |= A_BOLD;
    if (reverse) attributes |= A_REVERSE;
    if (underline) attributes |= A_UNDERLINE;
    if (dim) attributes |= A_DIM;
    wattr_set(stdscr, attributes, pair, NULL);
    waddstr(stdscr, utf8);
}

static inline void herald_move(int y, int x) { wmove(stdscr, y, x); }
static inline void herald_clear_to_end_of_line(void) { wattr_set(stdscr, A_NORMAL, 0, NULL); wclrtoeol(stdscr); }
static inline void herald_erase(void) { werase(stdscr); }
static inline void herald_refresh(void) { wrefresh(stdscr); }
/// Makes the next refresh clear the terminal and paint every cell (Ctrl-L).
static inline void herald_clear_screen(void) { clearok(curscr, TRUE); }
static inline void herald_full_redraw(void) { clearok(stdscr, TRUE); wrefresh(stdscr); }
static inline int herald_lines(void) { return LINES; }
static inline int herald_columns(void) { return COLS; }
static inline void herald_end(void) { endwin(); }
/// Suspends like Ctrl-Z in a cooked terminal: curses restores the terminal, the whole process
/// stops (SIGTSTP with its default action, unblocked on this thread and sent to it: a signal sent
/// to the whole process was seen to be lost while every other thread blocks it), and on `fg`
/// curses takes the terminal back and repaints everything.
static inline void herald_suspend(void) {
    endwin();
    struct sigaction stop, previous;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &previous);
    sigset_t only, old;
    sigemptyset(&only);
    sigaddset(&only, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &only, &old);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &previous, NULL);
    clearok(curscr, TRUE);
    wrefresh(stdscr);
}
#endif
