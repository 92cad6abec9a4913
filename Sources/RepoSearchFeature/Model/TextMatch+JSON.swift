import HTTPKit

extension TextMatch {
    /// Writes GitHub's `text_matches` element; `objectURL` is the repository's API URL.
    func write(to writer: inout JSONWriter, objectURL: JSONText) {
        writer.object { object in
            object.member("object_url") { $0.string(objectURL) }
            object.member("object_type", "Repository")
            object.member("property", property)
            object.member("fragment", fragment)
            object.member("matches") { writer in
                writer.array(matches) { writer, occurrence in
                    writer.object { object in
                        object.member("text", occurrence.text)
                        object.member("indices") { writer in
                            writer.array([occurrence.start, occurrence.end]) { $0.integer($1) }
                        }
                    }
                }
            }
        }
    }
}
