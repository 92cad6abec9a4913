public import HTTPTypes

extension HTTPFields {
    /// Every value of the fields named `name`, combined as swift-http-types' subscript combines
    /// them (RFC 9110 §5.3: joined by ", ", cookies by "; "), or `nil` when there is none — read by
    /// index. Every read of a request's field goes through it: the subscript walks the fields
    /// through lazy sequences, ~120 instructions a lookup even for a field the request does not
    /// carry, and a request's own path reads several.
    public func combinedValue(_ name: HTTPField.Name) -> String? {
        var combined: String?
        for index in indices where self[index].name == name {
            if let earlier = combined {
                combined = earlier + (name == .cookie ? "; " : ", ") + self[index].value
            } else {
                combined = self[index].value
            }
        }
        return combined
    }

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
