public import Foundation
import OpenAPIURLSession

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension Client {
    /// A client for the Counterpart server at `baseURL` (`http://localhost:8080`), over URLSession.
    ///
    /// `Client` and its methods — one per operation of `GET /openapi.json`, named by its
    /// `operationId` (`listTodos`, `createTodo`, `searchRepositories`, …) — are generated from the
    /// server's own OpenAPI document by Scripts/generate-client and committed in Generated/, so an app
    /// that adds this library gets exactly the API the server it talks to describes without running
    /// the generator; Scripts/test fails if they differ from what the document generates.
    ///
    /// ```swift
    /// let client = Client(baseURL: URL(string: "http://localhost:8080")!)
    /// let todos = try await client.listTodos().ok.body.json
    /// ```
    public init(baseURL: URL, session: URLSession = .shared) {
        self.init(serverURL: baseURL, transport: URLSessionTransport(configuration: .init(session: session)))
    }
}
