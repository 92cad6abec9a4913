public import HTTPTypes

extension HTTPFields {
    /// The value of the first field named `name`, for fields a response carries once (its
    /// `ETag`). swift-http-types' subscript joins every field of the name through generic lazy
    /// sequences, which cost ~3 % of a cached answer when the finalizer read two fields that way
    /// (measured: BENCHMARKS.md).
    public func firstValue(_ name: HTTPField.Name) -> String? {
        // By index: iterating copied each field, retaining its three strings.
        for index in indices where self[index].name == name { return self[index].value }
        return nil
    }

    /// Whether exactly one field is named `name`, and its value is `value`; read by index, as
    /// `firstValue(_:)` is.
    public func hasOnly(_ name: HTTPField.Name, value: String) -> Bool {
        var found = false
        for index in indices where self[index].name == name {
            guard !found, self[index].value == value else { return false }
            found = true
        }
        return found
    }
}
