import Foundation
import HeraldDomain
import Testing
@testable import HeraldParsing

@Suite("Formulas and drawings: a safe subset of MathML and SVG")
struct FormulaAndDrawingTests {
    let sanitizer = LibXMLHTMLSanitizer()

    private func clean(_ html: String) -> String {
        sanitizer.sanitize(html: html, baseURL: "https://science.example.org/posts/")
    }

    @Test("Given a formula with layout attributes and a TeX annotation, then it is kept as written, its handlers and links left out")
    func formulaIsKept() {
        let out = clean("""
            <p>Energy: <math display="block" onclick="alert(1)" href="javascript:alert(1)"><semantics><mrow>\
            <mi mathvariant="italic" style="color:red">E</mi><mo stretchy="false">=</mo><mi>m</mi>\
            <msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E = mc^2</annotation>\
            </semantics></math>.</p>
            """)
        #expect(out == """
            <p>Energy: <math display="block"><semantics><mrow><mi mathvariant="italic">E</mi><mo stretchy="false">=</mo>\
            <mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E = mc^2</annotation>\
            </semantics></math>.</p>
            """)
        #expect(clean(out) == out)
    }

    @Test("Given fractions, roots and a table, then their structure is kept")
    func structures() {
        let html = "<math><mfrac linethickness=\"2\"><mn>1</mn><msqrt><mn>2</mn></msqrt></mfrac><mtable><mtr><mtd columnspan=\"2\"><mi>a</mi></mtd></mtr></mtable></math>"
        #expect(clean(html) == html)
    }

    @Test("Given hostile markup inside a formula, then HTML alternatives, actions, scripts and references are gone and HTML elements are unwrapped")
    func hostileFormula() {
        let out = clean("""
            <math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)>hidden</annotation-xml>\
            <maction actiontype="toggle"><mi>a</mi></maction><mi xlink:href="javascript:alert(1)">b</mi>\
            <script>alert(2)</script><style>*{}</style><b>c</b><mglyph src="https://t.example/x.png"></mglyph>\
            <mo lspace="url(https://t.example/)">+</mo></math>
            """)
        #expect(out == "<math><mi>b</mi>c<mo>+</mo></math>")
    }

    @Test("Given a drawing, then its shapes, paint and transforms are kept and whatever loads or scripts is left out")
    func drawingIsKept() {
        let out = clean("""
            <svg viewBox="0 0 10 10" width="10" onload="alert(1)" xmlns="http://www.w3.org/2000/svg">\
            <g transform="translate(1,2) rotate(45)" fill="url(https://t.example/#p)" stroke="#333">\
            <circle cx="5" cy="5" r="4" style="fill:red"/><use href="#c"/><image href="https://t.example/p.png"/>\
            <foreignObject><p>html</p></foreignObject><text x="1" y="9">Hi &amp; bye</text>\
            <script>alert(1)</script><a href="javascript:alert(1)"><rect width="1" height="1"/></a>\
            <animate attributeName="href" to="javascript:alert(1)"/><path d="M0 0 L10 10" transform="url(x)"/></g></svg>
            """)
        #expect(out == """
            <svg width="10" viewBox="0 0 10 10"><g stroke="#333" transform="translate(1,2) rotate(45)">\
            <circle cx="5" cy="5" r="4"></circle><text x="1" y="9">Hi &amp; bye</text><path d="M0 0 L10 10"></path></g></svg>
            """)
        #expect(clean(out) == out)
        #expect(HTMLSanitizerTests.violations(in: out).isEmpty)
    }

    @Test("Given MathML or SVG names outside a formula or a drawing, then they are unknown HTML: unwrapped")
    func namesOutsideTheirRoot() {
        #expect(clean("<p><mi>x</mi> <circle r=1>y</circle> <annotation>z</annotation></p>") == "<p>x y z</p>")
        #expect(clean("<svg><math><mi>x</mi></math></svg>") == "<svg>x</svg>")
        #expect(clean("<math><svg><circle r=\"1\"></circle></svg></math>") == "<math></math>")
    }

    @Test("Given a formula at the output limit, then it is left out whole rather than cut into stray elements")
    func formulaAtTheLimit() {
        let tight = LibXMLHTMLSanitizer(maxOutputBytes: 20)
        let out = tight.sanitize(html: "<p>ok</p><math><mi>x</mi><mo>+</mo><mi>y</mi></math>", baseURL: nil)
        #expect(out == "<p>ok</p>")
    }

    @Test("Given formulas in the terminal, then each reads as its alternative text, else its TeX, else its text")
    func formulasInTheTerminal() {
        let renderer = LibXMLHTMLRenderer()
        let withAlt = renderer.render(html: "<p>So <math alttext=\"x squared\"><msup><mi>x</mi><mn>2</mn></msup></math>.</p>", baseURL: nil)
        #expect(withAlt.blocks.map(\.text) == ["So x squared."])
        let withTeX = renderer.render(html: "<p>So <math><semantics><msup><mi>x</mi><mn>2</mn></msup><annotation encoding=\"application/x-tex\">x^2</annotation></semantics></math>.</p>", baseURL: nil)
        #expect(withTeX.blocks.map(\.text) == ["So x^2."])
        let plain = renderer.render(html: "<p>So <math><mi>a</mi><mo>+</mo><mi>b</mi><annotation encoding=\"text/plain\">ignored</annotation></math>.</p>", baseURL: nil)
        #expect(plain.blocks.map(\.text) == ["So a+b."])
        let drawing = renderer.render(html: "<p>Before</p><svg><text>label</text></svg><p>After</p>", baseURL: nil)
        #expect(drawing.blocks.map(\.text) == ["Before", "After"])
    }
}
