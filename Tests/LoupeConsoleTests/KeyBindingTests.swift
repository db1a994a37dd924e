import LoupeConsole
import LoupeCore
import Testing

/// Which action each key means in each state of the console.
@Suite struct KeyBindingTests {
    @Test func listKeysMoveFilterExportAndQuit() {
        let model = ConsoleModel.loaded([TestEvents.http(1)])
        let expected: [(ConsoleKey, ConsoleAction)] = [
            (.up, .move(-1)), (.character("k"), .move(-1)), (.down, .move(1)), (.character("j"), .move(1)),
            (.pageUp, .pageUp), (.pageDown, .pageDown), (.character("g"), .first), (.character("G"), .last),
            (.enter, .openDetail), (.character("f"), .toggleFollow), (.character("/"), .beginFilter),
            (.character("t"), .toggleFilter), (.character("x"), .beginExport), (.character("c"), .clear),
            (.character("?"), .toggleHelp), (.character("q"), .quit), (.control("c"), .quit),
        ]
        for (key, action) in expected { #expect(model.action(for: key) == action, "\(key)") }
    }

    @Test func detailKeysSwitchTabsAndGoBack() {
        var model = ConsoleModel.loaded([TestEvents.http(1)])
        model.apply(.openDetail)
        #expect(model.action(for: .tab) == .nextTab)
        #expect(model.action(for: .backTab) == .previousTab)
        #expect(model.action(for: .character("3")) == .selectTab(.events))
        #expect(model.action(for: .escape) == .closeDetail)
        #expect(model.action(for: .down) == .move(1))
    }

    @Test func theFilterLineTakesPrintableKeysIncludingQ() {
        var model = ConsoleModel.loaded([TestEvents.http(1)])
        model.apply(.beginFilter)
        #expect(model.action(for: .character("q")) == .editFilter(.character("q")))
        #expect(model.action(for: .up) == .recallFilter(older: true))
        #expect(model.action(for: .enter) == .commitFilter)
        #expect(model.action(for: .escape) == .cancelFilter)
    }

    @Test func anyKeyClosesTheHelpButQQuits() {
        var model = ConsoleModel.loaded([TestEvents.http(1)])
        model.apply(.toggleHelp)
        #expect(model.action(for: .character("j")) == .toggleHelp)
        #expect(model.action(for: .character("q")) == .quit)
    }
}
