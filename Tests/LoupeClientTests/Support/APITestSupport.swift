import Foundation
import LoupeClient
import LoupeCore

/// An endpoint whose every property a test sets.
struct TestEndpoint<RequestBody: Encodable & Sendable, ResponseBody: Decodable & Sendable>: APIEndpoint {
    var path: String
    var method: APIMethod = .get
    var query: [URLQueryItem] = []
    var headers: [HTTPHeader] = []
    var requiresAuth = false
    var timeout: Duration?
    /// Overrides the method's idempotency when set.
    var idempotent: Bool?

    var isIdempotent: Bool { idempotent ?? method.isIdempotent }

    init(_ path: String, method: APIMethod = .get, requiresAuth: Bool = false, idempotent: Bool? = nil,
         timeout: Duration? = nil, as: ResponseBody.Type, sending: RequestBody.Type) {
        self.path = path
        self.method = method
        self.requiresAuth = requiresAuth
        self.idempotent = idempotent
        self.timeout = timeout
    }
}

extension TestEndpoint where RequestBody == EmptyBody {
    /// An endpoint without a request body.
    init(_ path: String, method: APIMethod = .get, requiresAuth: Bool = false, idempotent: Bool? = nil,
         timeout: Duration? = nil, as: ResponseBody.Type) {
        self.init(path, method: method, requiresAuth: requiresAuth, idempotent: idempotent, timeout: timeout,
                  as: ResponseBody.self, sending: EmptyBody.self)
    }
}

/// A chat message as the tests' server sends it.
struct Message: Codable, Sendable, Hashable {
    let id: String
    let text: String
    let createdAt: Date
}

struct MessageList: Codable, Sendable, Hashable {
    let messages: [Message]
}

/// A value a test reads after concurrent tasks changed it.
actor Box<Value: Sendable> {
    private(set) var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ value: Value) { self.value = value }
    @discardableResult
    func update<Result: Sendable>(_ change: @Sendable (inout Value) -> Result) -> Result { change(&value) }
}

/// Retry timing that never waits: every requested sleep is recorded instead, and the jitter
/// draw is fixed.
struct RecordedSleeps: Sendable {
    let sleeps = Box<[Duration]>([])
    let timing: RetryTiming

    init(random: Double = 0, now: Date = Date()) {
        let sleeps = sleeps
        timing = RetryTiming(sleep: { duration in await sleeps.update { $0.append(duration) } },
                             random: { random }, now: { now })
    }

    var durations: [Duration] {
        get async { await sleeps.value }
    }
}

/// A transport that answers from a script and records what reached it.
struct ScriptedTransport: APITransport {
    let received = Box<[APIRequest]>([])
    let script: @Sendable (APIRequest, Int) async throws -> APIResponse

    /// Answers the n-th request (0-based) with `script(request, n)`.
    init(_ script: @escaping @Sendable (APIRequest, Int) async throws -> APIResponse) {
        self.script = script
    }

    func send(_ request: APIRequest) async throws -> APIResponse {
        let index = await received.update { list -> Int in
            list.append(request)
            return list.count - 1
        }
        return try await script(request, index)
    }

    var requests: [APIRequest] {
        get async { await received.value }
    }
}

extension APIClient.Configuration {
    /// A configuration for tests: no waiting between retries, no jitter.
    static func testing(_ baseURL: URL, retryTiming: RetryTiming = RecordedSleeps().timing,
                        maximumAttempts: Int = 3) -> Self {
        APIClient.Configuration(baseURL: baseURL, timeout: .seconds(30),
                                retryPolicy: RetryPolicy(maximumAttempts: maximumAttempts), retryTiming: retryTiming)
    }
}

let testBaseURL = URL(string: "http://api.test")!

/// One HTTP client for every test's ``APIClient``: never shut down, so a test that fails half-way
/// cannot crash the run with AsyncHTTPClient's "deinit before shutdown" assertion.
let testHTTPClient = APIClient.makeHTTPClient()
