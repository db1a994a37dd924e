import Foundation
import LoupeConsole
import LoupeCore
import Testing

/// The list model: storing source changes in arrival order, follow mode, selection and scrolling.
@Suite struct ConsoleModelTests {
    @Test func keepsEventsInArrivalOrderAndAppliesChangesByID() {
        var model = ConsoleModel.loaded([TestEvents.http(1), TestEvents.http(2)])
        model.apply(.change(.added(TestEvents.http(3))))
        var updated = TestEvents.http(1, status: 500)
        updated.request.method = "PUT"
        model.apply(.change(.updated(updated)))
        #expect(model.visiblePaths == ["/items/1", "/items/2", "/items/3"])
        #expect(model.visibleEvent(at: 0)?.response?.status == 500)
        #expect(model.totalCount == 3)
    }

    @Test func replayedChangesAreIdempotent() {
        var model = ConsoleModel.loaded([TestEvents.http(1)])
        model.apply(.change(.added(TestEvents.http(1, status: 404))))  // an add for a stored id updates it
        model.apply(.change(.updated(TestEvents.http(2))))              // an update for an unknown id adds it
        model.apply(.change(.evicted(TestEvents.id(9))))                // unknown: ignored, not counted
        #expect(model.visiblePaths == ["/items/1", "/items/2"])
        #expect(model.visibleEvent(at: 0)?.response?.status == 404)
        #expect(model.evictedCount == 0)
    }

    @Test func evictionsRemoveRowsAndAreCounted() {
        var model = ConsoleModel.loaded((1...3).map { TestEvents.http($0) })
        model.apply(.change(.evicted(TestEvents.id(1))))
        model.apply(.change(.removed(TestEvents.id(2))))
        #expect(model.visiblePaths == ["/items/3"])
        #expect(model.evictedCount == 1)
        #expect(model.totalCount == 1)
    }

    @Test func sseAppendsUpdateTheLiveEventCount() {
        var model = ConsoleModel.loaded([TestEvents.sse(1, count: 1)])
        model.apply(.change(.sseAppended(TestEvents.id(1), SSEEvent(data: "more"), redactionHits: ["email": 2])))
        let event = model.visibleEvent(at: 0)
        #expect(event?.sseEvents.count == 2)
        #expect(event?.redactions == ["email": 2])
        #expect(EventFormat.markers(event!) == "SSE 2 RED")
    }

    @Test func followModeSticksToTheNewestRow() {
        var model = ConsoleModel.loaded((1...50).map { TestEvents.http($0) })
        #expect(model.follow)
        #expect(model.selectedRow == 49)
        model.apply(.change(.added(TestEvents.http(51))))
        #expect(model.selectedRow == 50)
        #expect(model.scrollTop == 51 - model.listRows)
    }

    @Test func movingUpStopsFollowingAndKeepsTheSelectionOnItsEvent() {
        var model = ConsoleModel.loaded((1...50).map { TestEvents.http($0) })
        model.apply(.move(-3))
        #expect(!model.follow)
        #expect(model.selectedEvent?.id == TestEvents.id(47))
        model.apply(.change(.added(TestEvents.http(51))))
        #expect(model.selectedEvent?.id == TestEvents.id(47))
        model.apply(.toggleFollow)
        #expect(model.selectedEvent?.id == TestEvents.id(51))
    }

    @Test func pagesAndEndsMoveTheSelectionAndScrollJustEnough() {
        var model = ConsoleModel.loaded((1...100).map { TestEvents.http($0) })
        let page = model.listRows  // 21 rows on an 80×24 screen
        #expect(page == 21)
        model.apply(.first)
        #expect(model.selectedRow == 0)
        #expect(model.scrollTop == 0)
        model.apply(.pageDown)
        #expect(model.selectedRow == page)
        #expect(model.scrollTop == 1)  // the selection is the last visible row
        model.apply(.move(1))
        #expect(model.scrollTop == 2)
        model.apply(.pageUp)
        #expect(model.selectedRow == 1)
        #expect(model.scrollTop == 1)
        model.apply(.last)
        #expect(model.selectedRow == 99)
        #expect(model.scrollTop == 100 - page)
        model.apply(.move(5))  // past the end stays on the last row
        #expect(model.selectedRow == 99)
    }

    @Test func removingTheSelectedEventSelectsItsNeighbour() {
        var model = ConsoleModel.loaded((1...5).map { TestEvents.http($0) })
        model.apply(.move(-2))  // event 3
        model.apply(.change(.evicted(TestEvents.id(3))))
        #expect(model.selectedEvent?.id == TestEvents.id(4))
    }

    @Test func clearingHidesEventsEvenWhenTheSourceReplaysThem() {
        var model = ConsoleModel.loaded([TestEvents.http(1), TestEvents.http(2)])
        model.apply(.clear)
        #expect(model.totalCount == 0)
        model.apply(SourceUpdate.reset([TestEvents.http(1), TestEvents.http(2), TestEvents.http(3)], evicted: nil))
        model.finishFiltering()
        model.apply(.change(.updated(TestEvents.http(2, status: 500))))
        #expect(model.visiblePaths == ["/items/3"])
    }

    @Test func aResetKeepsTheSelectionOnTheSameEvent() {
        var model = ConsoleModel.loaded((1...5).map { TestEvents.http($0) })
        model.apply(.move(-2))
        model.apply(SourceUpdate.reset((2...6).map { TestEvents.http($0) }, evicted: 7))
        model.finishFiltering()
        #expect(model.selectedEvent?.id == TestEvents.id(3))
        #expect(model.evictedCount == 7)
    }

    @Test func theDetailViewShowsItsEventWhateverTheSelectionDoes() {
        var model = ConsoleModel.loaded((1...3).map { TestEvents.http($0) })
        model.apply(.move(-1))
        model.apply(.openDetail)
        #expect(model.detailEvent?.id == TestEvents.id(2))
        model.apply(.change(.added(TestEvents.http(4))))
        #expect(model.detailEvent?.id == TestEvents.id(2))
        model.apply(.change(.evicted(TestEvents.id(2))))
        #expect(model.detailEvent == nil)
        model.apply(.closeDetail)
        #expect(model.screen == .list)
    }

    @Test func tabsCycleBothWaysAndResetTheScroll() {
        var model = ConsoleModel.loaded([TestEvents.http(1)])
        model.apply(.openDetail)
        #expect(model.detailTab == .request)
        model.apply(.nextTab)
        #expect(model.detailTab == .response)
        model.apply(.previousTab)
        model.apply(.previousTab)
        #expect(model.detailTab == .redactions)
        model.apply(.selectTab(.events))
        #expect(model.detailTab == .events)
    }

    @Test func detailScrollingStopsAtTheLastPage() {
        var event = TestEvents.http(1)
        event.response?.body = CapturedBody(contentType: "text/plain",
                                            text: (1...100).map { "line \($0)" }.joined(separator: "\n"))
        var model = ConsoleModel.loaded([event])
        model.apply(.openDetail)
        model.apply(.selectTab(.response))
        model.apply(.last)
        let bottom = model.detailScroll
        #expect(bottom > 50)
        model.apply(.move(10))
        #expect(model.detailScroll == bottom)
        model.apply(.move(-1))
        #expect(model.detailScroll == bottom - 1)
        model.apply(.first)
        #expect(model.detailScroll == 0)
    }

    @Test func exportAsksForAPathAndReportsIt() {
        var model = ConsoleModel.loaded([TestEvents.http(1)])
        model.apply(.beginExport)
        #expect(model.exportPrompt?.text == "loupe-export.zip")
        model.apply(.editExport(.control("u")))
        for character in "out.ndjson" { model.apply(.editExport(.character(character))) }
        #expect(model.apply(.commitExport) == .export(path: "out.ndjson"))
        #expect(model.exportPrompt == nil)
        model.apply(.beginExport)
        #expect(model.apply(.cancelExport) == nil)
    }
}
