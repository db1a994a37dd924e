/// The length of a URL that makes an event with an empty URL cost `extra` more bytes.
///
/// An empty string is stored inline (16 bytes); a string longer than 15 bytes costs its length
/// plus 48, so the padding must be 0 or at least 48.
func urlLength(adding extra: Int) -> Int {
    precondition(extra == 0 || extra >= 48, "an event's cost can only grow by 0 or by 48 bytes or more")
    return extra == 0 ? 0 : extra - 32
}
