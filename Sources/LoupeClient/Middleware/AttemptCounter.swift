/// Numbers the attempts of one logical request; shared by the copies of an ``APIRequest`` that
/// the retry and refresh middleware send.
actor AttemptCounter {
    private var last = 0

    /// The next attempt number, starting at 1.
    func next() -> Int {
        last += 1
        return last
    }
}
