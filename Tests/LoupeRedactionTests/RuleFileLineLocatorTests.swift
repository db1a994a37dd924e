import Testing
@testable import LoupeRedaction

@Suite struct RuleFileLineLocatorTests {
    let locator = TOMLLineLocator(text: """
        title = "x"            # line 1
        [[rule]]
        id = "one"
        "pattern" = '''a[[rule]]b'''

        [[rule]]               # line 6
        id = "two"
        pattern = \"\"\"
        id = "fake"
        [[rule]]
        \"\"\"
        keywords = ["k"]       # line 12
        [ structural ]
        headers.extra = 1
        """)

    @Test func findsTheNthTableArrayHeader() {
        #expect(locator.line(ofTableArray: "rule", index: 0) == 2)
        #expect(locator.line(ofTableArray: "rule", index: 1) == 6)
        #expect(locator.line(ofTableArray: "rule", index: 2) == nil)
    }

    @Test func findsKeysOnlyInsideTheirTable() {
        #expect(locator.line(ofKey: "id", inTableAt: 2) == 3)
        #expect(locator.line(ofKey: "pattern", inTableAt: 2) == 4)
        #expect(locator.line(ofKey: "keywords", inTableAt: 2) == nil)
        #expect(locator.line(ofKey: "id", inTableAt: 6) == 7)
        #expect(locator.line(ofKey: "keywords", inTableAt: 6) == 12)
    }

    @Test func skipsLinesInsideMultiLineStrings() {
        #expect(locator.lines[8] == .other)
        #expect(locator.lines[9] == .other)
    }

    @Test func findsPlainTablesTopLevelKeysAndDottedKeys() {
        #expect(locator.line(ofTable: "structural") == 13)
        #expect(locator.line(ofKey: "headers", inTableAt: 13) == 14)
        #expect(locator.line(ofTopLevelName: "title") == 1)
        #expect(locator.line(ofTopLevelName: "structural") == 13)
        #expect(locator.line(ofTopLevelName: "missing") == nil)
    }

    @Test func tracksStringsAndCommentsWithinALine() {
        #expect(TOMLLineLocator.advance(.normal, over: Array(#"a = "x'''" # '''"#.utf8)) == .normal)
        #expect(TOMLLineLocator.advance(.normal, over: Array(#"a = '''open"#.utf8)) == .multilineLiteral)
        #expect(TOMLLineLocator.advance(.multilineLiteral, over: Array("end''' # \"\"\"".utf8)) == .normal)
        #expect(TOMLLineLocator.advance(.multilineBasic, over: Array(#"escaped \""" still open"#.utf8)) == .multilineBasic)
    }
}
