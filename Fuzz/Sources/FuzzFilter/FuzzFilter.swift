import FuzzSupport
import Foundation
import LoupeCore

/// Fuzzes the filter language with arbitrary expressions.
///
/// Invariants: an expression either parses or throws a ``FilterParseError`` whose column lies
/// inside it (or just past its end); a parsed filter's canonical ``EventFilter/description``
/// parses to an equal filter with the same description, which matches the same sample events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilter(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let source = String(decoding: input.rest(), as: UTF8.self)
    let filter: EventFilter
    do throws(FilterParseError) {
        filter = try EventFilter(parsing: source)
    } catch {
        invariant((1...source.unicodeScalars.count + 1).contains(error.column),
                  "error column \(error.column) is outside the \(source.unicodeScalars.count)-scalar expression: \(error)")
        return 0
    }
    let canonical = filter.description
    do {
        let reparsed = try EventFilter(parsing: canonical)
        invariant(reparsed == filter, "\(source.debugDescription) → \(canonical.debugDescription) parses to a different filter")
        invariant(reparsed.description == canonical,
                  "canonical form is not stable: \(canonical.debugDescription) → \(reparsed.description.debugDescription)")
        for event in SampleEvents.all {
            invariant(reparsed.matches(event) == filter.matches(event), "canonical form matches differently")
        }
    } catch {
        invariant(false, "\(source.debugDescription) parses, its canonical form \(canonical.debugDescription) does not: \(error)")
    }
    return 0
}
