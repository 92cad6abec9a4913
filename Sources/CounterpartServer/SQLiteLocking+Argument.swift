public import ArgumentParser
public import Storage

/// `--sqlite-locking exclusive|shared`: `--help` lists both.
extension SQLiteLocking: ExpressibleByArgument {}
