/// The tabs of the detail view of one event, in the order Tab cycles through them.
public enum DetailTab: Int, Sendable, Hashable, CaseIterable {
    case request, response, events, timing, redactions

    /// The tab's name in the tab bar.
    public var title: String {
        switch self {
        case .request: "Request"
        case .response: "Response"
        case .events: "Events"
        case .timing: "Timing"
        case .redactions: "Redactions"
        }
    }

    /// The tab after this one, wrapping around.
    public var next: DetailTab { DetailTab(rawValue: (rawValue + 1) % Self.allCases.count)! }

    /// The tab before this one, wrapping around.
    public var previous: DetailTab {
        DetailTab(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count)!
    }
}
