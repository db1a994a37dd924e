import LoupeConsole
import Testing

/// Line editing on the filter line and the export prompt.
@Suite struct LineEditorTests {
    static func edited(_ text: String, _ keys: [ConsoleKey]) -> LineEditor {
        var editor = LineEditor(text)
        for key in keys { editor.handle(key) }
        return editor
    }

    @Test func insertsAtTheCursorAfterMovingLeft() {
        let editor = Self.edited("ac", [.left, .character("b")])
        #expect(editor.text == "abc")
        #expect(editor.cursor == 2)
    }

    @Test func backspaceAndDeleteRemoveAroundTheCursor() {
        #expect(Self.edited("abc", [.left, .backspace]).text == "ac")
        #expect(Self.edited("abc", [.home, .delete]).text == "bc")
        #expect(Self.edited("", [.backspace, .delete, .left, .right]).text == "")
    }

    @Test func controlUClearsAndControlWDeletesAWord() {
        #expect(Self.edited("status:5xx method:GET", [.control("u")]).text == "")
        #expect(Self.edited("status:5xx method:GET  ", [.control("w")]).text == "status:5xx ")
        #expect(Self.edited("status:5xx method:GET", [.left, .left, .left, .control("w")]).text == "status:5xx GET")
    }

    @Test func homeEndAndControlAEMoveToTheEnds() {
        #expect(Self.edited("bc", [.control("a"), .character("a"), .control("e"), .character("d")]).text == "abcd")
        #expect(Self.edited("bc", [.home, .character("a"), .end, .character("d")]).text == "abcd")
    }

    @Test func theCursorNeverSplitsACharacter() {
        let editor = Self.edited("héllo 日本", [.left, .backspace])
        #expect(editor.text == "héllo 本")
    }
}
