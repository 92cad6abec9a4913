/// `text` as a Swift string literal with every control and non-ASCII scalar escaped, so that
/// a failure message shows exactly which characters an input holds.
func escaped(_ text: String) -> String {
    "\"" + text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
}
