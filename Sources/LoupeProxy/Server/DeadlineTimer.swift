import NIOCore

/// One scheduled check per connection for deadlines that move forward on every request (the
/// header timeout while idle, the upstream timeout while forwarding).
///
/// Scheduling and cancelling a task on the event loop for each deadline cost two tasks per
/// kept-alive request, about 5 % of a proxied request's CPU. Instead the owner records its
/// deadlines as plain times and asks for a check by the earliest one: a check already scheduled
/// at or before it is kept, and when it runs the owner compares the times it recorded with now and
/// asks again for whatever deadline is still ahead. A deadline therefore fires on time, while a
/// busy connection schedules about one task per timeout period instead of two per request.
struct DeadlineTimer {
    private var scheduled: (at: NIODeadline, task: Scheduled<Void>)?

    /// Makes sure `check` runs on `loop` at `deadline` or earlier.
    mutating func checkBy(_ deadline: NIODeadline, on loop: any EventLoop, _ check: @escaping () -> Void) {
        if let scheduled {
            if scheduled.at <= deadline { return }
            scheduled.task.cancel()
        }
        let task = loop.assumeIsolated().scheduleTask(deadline: deadline) {
            check()
        }
        scheduled = (deadline, task)
    }

    /// Call first thing in `check`: the scheduled check has run.
    mutating func fired() {
        scheduled = nil
    }

    /// Cancels the scheduled check, if any.
    mutating func cancel() {
        scheduled?.task.cancel()
        scheduled = nil
    }
}
