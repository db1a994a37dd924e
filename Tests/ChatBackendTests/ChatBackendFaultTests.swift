import ChatAPI
import ChatBackend
import HTTPTypes
import Hummingbird
import Testing

@Suite struct ChatBackendFaultTests {
    @Test func everyNthRequestIsUnavailableWithRetryAfter() async throws {
        let configuration = ChatBackend.Configuration.testing {
            $0.faults.unavailableEvery = 3
            $0.faults.retryAfterSeconds = 7
        }
        try await withChatBackend(configuration) { api in
            var statuses: [Int] = []
            for _ in 1...7 {
                let response = try await api.send(.get, "/models")
                statuses.append(response.status.code)
                if response.status == .serviceUnavailable {
                    #expect(response.headers[.retryAfter] == "7")
                    #expect(try response.apiError().error == "unavailable")
                }
            }
            #expect(statuses == [200, 200, 503, 200, 200, 503, 200])
        }
    }

    @Test func firstRequestsFailThen429sThenSucceed() async throws {
        let configuration = ChatBackend.Configuration.testing {
            $0.faults.unavailableFirst = 2
            $0.faults.rateLimitedFirst = 1
            $0.faults.retryAfterSeconds = 2
        }
        try await withChatBackend(configuration) { api in
            var statuses: [Int] = []
            for _ in 1...4 {
                statuses.append(try await api.send(.get, "/models").status.code)
            }
            #expect(statuses == [503, 503, 429, 200])
        }
    }

    @Test func everyNthRequestIsRateLimited() async throws {
        try await withChatBackend(.testing { $0.faults.rateLimitedEvery = 2 }) { api in
            let first = try await api.send(.get, "/models")
            let second = try await api.send(.get, "/models")
            #expect(first.status == .ok)
            #expect(second.status == .tooManyRequests)
            #expect(second.headers[.retryAfter] == "1")
            #expect(try second.apiError().error == "rate_limited")
        }
    }

    @Test func healthIsNeverCountedNorFailed() async throws {
        try await withChatBackend(.testing { $0.faults.unavailableEvery = 1 }) { api in
            let health = try await api.send(.get, "/health")
            let models = try await api.send(.get, "/models")
            #expect(health.status == .ok)
            #expect(models.status == .serviceUnavailable)
        }
    }

    @Test(arguments: [429, 500, 503, 418])
    func faultHeaderForcesThatStatus(status: Int) async throws {
        try await withChatBackend { api in
            let response = try await api.send(.get, "/models", headers: [.fault: String(status), .faultRetryAfter: "4"])
            #expect(response.status.code == status)
            let error = try response.apiError()
            #expect(error.message.contains("X-Fault header"))
            #expect(response.headers[.retryAfter] == ([429, 503].contains(status) ? "4" : nil))
        }
    }

    @Test func faultHeaderBeatsAuthentication() async throws {
        try await withChatBackend { api in
            let unavailable = try await api.send(.get, "/conversations", headers: [.fault: "503"])
            let noContent = try await api.send(.get, "/conversations", headers: [.fault: "204"])
            #expect(unavailable.status == .serviceUnavailable)
            #expect(noContent.status == .noContent)
        }
    }

    @Test(arguments: [("X-Fault", "abc"), ("X-Fault", "302"), ("X-Fault-Delay", "-5"), ("X-Fault-Drop-After", "many")])
    func malformedFaultHeadersAreBadRequests(name: String, value: String) async throws {
        try await withChatBackend { api in
            let response = try await api.send(.get, "/models", headers: [HTTPField.Name(name)!: value])
            #expect(response.status == .badRequest)
            #expect(try response.apiError().message.contains("The \(name) header must be"))
        }
    }

    @Test func failNextAtRuntime() async throws {
        let backend = ChatBackend.testing()
        await backend.faults.failNext(2, status: 500)
        try await backend.makeApplication().test(.router) { client in
            let api = ChatTestClient(client: client)
            var statuses: [HTTPResponse.Status] = []
            for _ in 1...3 {
                statuses.append(try await api.send(.get, "/models").status)
            }
            #expect(statuses == [.internalServerError, .internalServerError, .ok])
        }
        #expect(await backend.faults.requestCount == 3)
    }

    @Test func slowResponsesWaitAtLeastTheDelay() async throws {
        try await withChatBackend(.testing { $0.faults.delay = .milliseconds(150) }) { api in
            let clock = ContinuousClock()
            let configured = try await clock.measure { _ = try await api.send(.get, "/models") }
            #expect(configured >= .milliseconds(150))
            let requested = try await clock.measure { _ = try await api.send(.get, "/models", headers: [.faultDelay: "300"]) }
            #expect(requested >= .milliseconds(300))
        }
    }

    @Test func streamCanAnswerNoContent() async throws {
        try await withChatBackend(.testing { $0.faults.streamNoContent = true }) { api in
            let token = try await api.signIn().accessToken
            let conversation = try await api.createConversation("Quiet", token: token)
            let response = try await api.send(.post, "/conversations/\(conversation.id)/messages", token: token, json: NewMessage(text: "hi"))
            #expect(response.status == .noContent)
            #expect(response.body.readableBytes == 0)
        }
    }
}

extension HTTPField.Name {
    static let fault = HTTPField.Name(FaultOverrides.Header.status)!
    static let faultRetryAfter = HTTPField.Name(FaultOverrides.Header.retryAfter)!
    static let faultDelay = HTTPField.Name(FaultOverrides.Header.delay)!
    static let faultDropAfter = HTTPField.Name(FaultOverrides.Header.dropAfter)!
}
