import Foundation
import LoupeConsole
import LoupeCore
import Testing

/// Filtering the view: incremental evaluation, the filter line, history and the on/off toggle.
@Suite struct ConsoleFilteringTests {
    static let mixed: [NetworkEvent] = (1...10).map { TestEvents.http($0, status: $0 % 3 == 0 ? 500 : 200) }

    @Test func typingAFilterUpdatesTheViewAsYouType() {
        var model = ConsoleModel.loaded(Self.mixed)
        model.apply(.beginFilter)
        model.type("status:5x")
        model.finishFiltering()
        #expect(model.filterEditor?.error?.column == 8)  // `status:5x` does not parse…
        #expect(model.filter.source == "status:5")       // …so the last text that did still applies
        #expect(model.visibleCount == 0)
        model.type("x")
        model.finishFiltering()
        #expect(model.filterEditor?.error == nil)
        #expect(model.visiblePaths == ["/items/3", "/items/6", "/items/9"])
        model.apply(.commitFilter)
        #expect(model.filterEditor == nil)
        #expect(model.filter.source == "status:5xx")
        #expect(model.filterHistory == ["status:5xx"])
    }

    @Test func aParseErrorNamesItsColumn() {
        var model = ConsoleModel.loaded(Self.mixed)
        model.apply(.beginFilter)
        model.type("method:GET status:abc")
        #expect(model.filterEditor?.error?.column == 19)
        model.apply(.commitFilter)  // Enter does not accept a broken filter
        #expect(model.filterEditor != nil)
    }

    @Test func escapeRestoresTheFilterFromBeforeEditing() {
        var model = ConsoleModel.loaded(Self.mixed)
        model.apply(.setFilter("status:5xx"))
        model.finishFiltering()
        model.apply(.beginFilter)
        #expect(model.filterEditor?.line.text == "status:5xx")  // pre-filled with the active filter
        model.apply(.editFilter(.control("u")))
        model.finishFiltering()
        #expect(model.visibleCount == 10)
        model.apply(.cancelFilter)
        model.finishFiltering()
        #expect(model.filter.source == "status:5xx")
        #expect(model.visibleCount == 3)
    }

    @Test func theOldRowsStayUntilTheNewFilterIsFullyEvaluated() {
        let events = (1...10_000).map { TestEvents.http($0, status: $0 % 100 == 0 ? 500 : 200) }
        var model = ConsoleModel.loaded(events)
        model.apply(.setFilter("status:500"))
        #expect(model.isFiltering)
        let moreAfterFirstStep = model.advanceFiltering(budget: 4_000)   // 4 000 of 10 000 evaluated
        #expect(moreAfterFirstStep)
        #expect(model.visibleCount == 10_000)            // still the old rows
        #expect(model.filteringProgress == 0.4)
        model.apply(.change(.added(TestEvents.http(10_001, status: 500))))
        model.apply(.change(.updated(TestEvents.http(7, status: 500))))   // already evaluated: re-checked
        model.apply(.change(.evicted(TestEvents.id(100))))                // already matched: dropped
        let moreAfterSecondStep = model.advanceFiltering(budget: 4_000)
        let moreAfterThirdStep = model.advanceFiltering(budget: 4_000)
        #expect(moreAfterSecondStep)
        #expect(!moreAfterThirdStep)
        #expect(!model.isFiltering)
        #expect(model.visibleCount == 99 + 1 + 1)
        #expect(model.visiblePaths.first == "/items/7")
        #expect(model.visiblePaths.last == "/items/10001")
    }

    @Test func newEventsJoinTheViewOnlyWhenTheyMatch() {
        var model = ConsoleModel.loaded(Self.mixed)
        model.apply(.setFilter("method:POST"))
        model.finishFiltering()
        model.apply(.change(.added(TestEvents.http(20, method: "POST"))))
        model.apply(.change(.added(TestEvents.http(21))))
        #expect(model.visiblePaths == ["/items/20"])
        // An update that makes a hidden event match shows it in arrival order.
        model.apply(.change(.updated(TestEvents.http(2, method: "POST"))))
        #expect(model.visiblePaths == ["/items/2", "/items/20"])
    }

    @Test func theToggleTurnsTheFilterOffAndOn() {
        var model = ConsoleModel.loaded(Self.mixed)
        model.apply(.setFilter("status:5xx"))
        model.finishFiltering()
        model.apply(.toggleFilter)
        model.finishFiltering()
        #expect(!model.filterEnabled)
        #expect(model.visibleCount == 10)
        model.apply(.toggleFilter)
        model.finishFiltering()
        #expect(model.visibleCount == 3)
    }

    @Test func upAndDownRecallHistoryAndComeBackToTheDraft() {
        var model = ConsoleModel.loaded(Self.mixed)
        for filter in ["status:5xx", "method:GET"] {
            model.apply(.beginFilter)
            model.apply(.editFilter(.control("u")))
            model.type(filter)
            model.apply(.commitFilter)
        }
        model.apply(.beginFilter)
        model.apply(.editFilter(.control("u")))
        model.type("host:a")
        model.apply(.recallFilter(older: true))
        #expect(model.filterEditor?.line.text == "method:GET")
        model.apply(.recallFilter(older: true))
        #expect(model.filterEditor?.line.text == "status:5xx")
        model.apply(.recallFilter(older: true))  // no older entry: stays
        #expect(model.filterEditor?.line.text == "status:5xx")
        model.apply(.recallFilter(older: false))
        model.apply(.recallFilter(older: false))
        #expect(model.filterEditor?.line.text == "host:a")
    }

    @Test func aBadCommandLineFilterIsReportedAndIgnored() {
        var model = ConsoleModel.loaded(Self.mixed)
        model.apply(.setFilter("status:"))
        #expect(model.message?.isError == true)
        #expect(model.filter.matchesEverything)
    }

    @Test func filteringAHundredThousandEventsHappensInBoundedSteps() {
        let events = (1...100_000).map { TestEvents.http($0, status: $0 % 1000 == 0 ? 503 : 200) }
        var model = ConsoleModel.loaded(events)
        model.apply(.setFilter("status:503"))
        var steps = 0
        while model.advanceFiltering() { steps += 1 }
        #expect(steps == 100_000 / ConsoleModel.defaultFilterBudget)
        #expect(model.visibleCount == 100)
    }
}
