import Foundation

/// A child process whose standard output and error are collected line by line, with waits
/// that end on a line or a deadline, never after a fixed sleep.
public final class LineProcess: @unchecked Sendable {
  private let process = Process()
  /// The child's standard input: ``write(line:)`` feeds it, and it closes when this object
  /// goes, so that a child that waits for its end (a screen reader session) stops with us.
  private let input = Pipe()
  private let condition = NSCondition()
  private var buffer = Data()
  private var collected: [String] = []
  private var exited = false
  /// Whether the output pipe reached its end: every line the child wrote is collected.
  private var reachedEnd = false

  /// Starts `executable` with `arguments`; `environment` changes the parent's environment
  /// (nil removes a variable).
  public static func start(
    _ executable: URL, arguments: [String] = [], environment changes: [String: String?] = [:]
  ) throws(DriverError) -> LineProcess {
    let child = LineProcess()
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    child.process.executableURL = executable
    child.process.arguments = arguments
    child.process.environment = environment
    let pipe = Pipe()
    child.process.standardOutput = pipe
    child.process.standardError = pipe
    child.process.standardInput = child.input
    pipe.fileHandleForReading.readabilityHandler = { [child] handle in
      let data = handle.availableData
      if data.isEmpty { handle.readabilityHandler = nil }
      child.append(data)
    }
    child.process.terminationHandler = { [child] _ in child.markExited() }
    do {
      try child.process.run()
    } catch {
      throw .launchFailed(executable.path, reason: "\(error)")
    }
    return child
  }

  public var pid: Int32 { process.processIdentifier }

  /// Every line so far.
  public var lines: [String] {
    condition.lock()
    defer { condition.unlock() }
    return collected
  }

  /// How many lines have arrived.
  public var lineCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return collected.count
  }

  public var output: String { lines.joined(separator: "\n") }

  private func append(_ data: Data) {
    condition.lock()
    defer { condition.unlock() }
    if data.isEmpty {
      reachedEnd = true
      condition.broadcast()
      return
    }
    buffer.append(data)
    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
      collected.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
      buffer.removeSubrange(buffer.startIndex...newline)
    }
    condition.broadcast()
  }

  /// The index and text of the first line at or after `index` that satisfies `predicate`,
  /// waiting for it until `timeout` seconds have passed.
  public func waitForLine(
    from index: Int = 0, timeout: TimeInterval, where predicate: (String) -> Bool
  ) -> (index: Int, line: String)? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    var next = index
    while true {
      while next < collected.count {
        if predicate(collected[next]) { return (next, collected[next]) }
        next += 1
      }
      // The child may exit before its last lines are read: wait for the end of its output.
      guard !(exited && reachedEnd), condition.wait(until: deadline) else { return nil }
    }
  }

  /// Waits until no line has arrived for `quiet` seconds, or `timeout` seconds have passed;
  /// returns whether it went quiet.
  @discardableResult
  public func waitForQuiet(_ quiet: TimeInterval, timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while Date() < deadline {
      let count = collected.count
      let until = min(deadline, Date(timeIntervalSinceNow: quiet))
      while collected.count == count && condition.wait(until: until) {}
      if collected.count == count && until < deadline { return true }
    }
    return false
  }

  /// The exit status, waiting for it until `timeout` seconds have passed; nil if it is
  /// still running.
  public func waitForExit(timeout: TimeInterval) -> Int32? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !exited {
      guard condition.wait(until: deadline) else { return nil }
    }
    // The end of the output can come after the exit is heard: wait for it a little, so
    // that `output` holds the last lines (a child that left the pipe to a process of its
    // own is not waited for long).
    let drained = min(deadline, Date(timeIntervalSinceNow: 5))
    while !reachedEnd, condition.wait(until: drained) {}
    return process.terminationStatus
  }

  private func markExited() {
    condition.lock()
    defer { condition.unlock() }
    exited = true
    condition.broadcast()
  }

  public var isRunning: Bool { process.isRunning }

  /// Writes `line` and a newline to the child's standard input.
  public func write(line: String) throws(DriverError) {
    do {
      try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      throw .launchFailed("writing to \(process.executableURL?.path ?? "a child")", reason: "\(error)")
    }
  }

  /// Asks the process to end (SIGTERM), then kills it if it has not ended within a second.
  /// Closes the child's standard input: a child that waits for its end stops.
  public func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  public func terminate() {
    closeInput()
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    if waitForExit(timeout: 1) == nil {
      kill(process.processIdentifier, SIGKILL)
      _ = waitForExit(timeout: 5)
    }
  }

  /// Runs a program to completion and returns its standard output; a non-zero exit status
  /// is an error carrying what it printed.
  @discardableResult
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String?] = [:]
  )
    throws(DriverError) -> String
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .launchFailed(executable.path, reason: "\(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw .commandFailed(
        ([executable.lastPathComponent] + arguments).joined(separator: " "), status: process.terminationStatus,
        output: String(decoding: errorData + data, as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// The full path of a program on PATH; nil when it is not installed.
  public static func which(_ name: String) -> URL? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { URL(fileURLWithPath: "\($0)/\(name)") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }
}

/// What can go wrong while driving real windows.
public enum DriverError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A program the driver needs is not installed.
  case missingTool(String, package: String)
  case launchFailed(String, reason: String)
  case commandFailed(String, status: Int32, output: String)
  /// Something did not happen in time; `output` is what the window printed.
  case timedOut(String, output: String)
  /// A scenario step that real input cannot perform.
  case unsupportedStep(String)

  public var description: String {
    switch self {
    case .missingTool(let tool, let package):
      "\(tool) is not installed (Debian package \(package); `make deps` installs it)"
    case .launchFailed(let path, let reason): "could not start \(path): \(reason)"
    case .commandFailed(let command, let status, let output): "`\(command)` exited with \(status): \(output)"
    case .timedOut(let what, let output): "timed out waiting for \(what); output so far:\n\(output)"
    case .unsupportedStep(let reason): "step not possible with real input: \(reason)"
    }
  }
}
