/// One match of a ``PCRE2Regex``: byte ranges into the UTF-8 subject.
public struct PCRE2Match: Sendable, Hashable {
    /// Group 0 (the whole match) first, then each capture group; nil for a group that did not take part.
    let groups: [Range<Int>?]

    init(groups: [Range<Int>?]) {
        self.groups = groups
    }

    /// The byte range of the whole match.
    public var range: Range<Int> { groups[0]! }  // group 0 is always set on a successful match

    /// The byte range of capture group `index` (0 is the whole match), or nil when the group did
    /// not participate or does not exist.
    public func range(ofGroup index: Int) -> Range<Int>? {
        groups.indices.contains(index) ? groups[index] : nil
    }
}
