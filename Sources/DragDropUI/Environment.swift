import Observation
import Synchronization
import Views

/// A key for a value that views inherit from their ancestors.
public protocol EnvironmentKey {
  /// The type of the value.
  associatedtype Value
  /// The value where no ancestor set one.
  static var defaultValue: Value { get }
}

/// The values a view inherits: fonts, colours, and whatever an app adds with its own
/// ``EnvironmentKey``s. Modifiers such as ``View/font(_:)`` change them for a subtree.
public struct EnvironmentValues {
  private var values: [ObjectIdentifier: Any] = [:]
  /// Changes with every write, so that an unchanged environment is told apart cheaply.
  private var revision = 0
  private static let revisions = Atomic<Int>(0)

  /// Values with nothing set: every key reads its default.
  public init() {}

  /// The value for `key`: the one set nearest above, or the key's default.
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set {
      values[ObjectIdentifier(key)] = newValue
      revision = Self.nextRevision()
    }
  }

  /// An object put in the environment with ``View/environment(_:)``.
  func object<T: AnyObject>(_ type: T.Type) -> T? {
    values[ObjectIdentifier(type)] as? T
  }

  mutating func setObject<T: AnyObject>(_ object: T?) {
    values[ObjectIdentifier(T.self)] = object
    revision = Self.nextRevision()
  }

  private static func nextRevision() -> Int {
    revisions.add(1, ordering: .relaxed).newValue
  }

  /// Whether the two are the same values: false may still mean equal values.
  func isSame(as other: EnvironmentValues) -> Bool { revision == other.revision }
}

extension EnvironmentValues {
  private struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
  private struct ForegroundColorKey: EnvironmentKey { static let defaultValue: Color? = nil }
  private struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
  private struct WindowEnvironmentKey: EnvironmentKey {
    static let defaultValue: WindowEnvironment? = nil
  }

  /// The font of text; nil means `Font.body`.
  public var font: Font? {
    get { self[FontKey.self] }
    set { self[FontKey.self] = newValue }
  }

  /// The colour of text and of shapes that are not filled otherwise; nil means
  /// `Color.primary`.
  public var foregroundColor: Color? {
    get { self[ForegroundColorKey.self] }
    set { self[ForegroundColorKey.self] = newValue }
  }

  /// The environment of the window the views are in: its text measuring and its device
  /// configuration (pointer, tablet or phone). Set by the hosting view.
  @MainActor
  public var windowEnvironment: WindowEnvironment {
    get { self[WindowEnvironmentKey.self] ?? .detached }
    set { self[WindowEnvironmentKey.self] = newValue }
  }

  /// Whether controls take input.
  public var isEnabled: Bool {
    get { self[IsEnabledKey.self] }
    set { self[IsEnabledKey.self] = newValue }
  }
}

/// Reads a value of the environment, or an observable object put in it:
///
/// ```swift
/// @Environment(\.font) private var font
/// @Environment(Library.self) private var library
/// ```
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  private let read: @MainActor (EnvironmentValues) -> Value
  private let link = EnvironmentLink()

  /// Reads the environment value at `keyPath`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    nonisolated(unsafe) let keyPath = keyPath
    read = { $0[keyPath: keyPath] }
  }

  /// An observable object that an ancestor put in the environment. Reading it when none
  /// was put there stops with a message naming the type.
  public init(_ type: Value.Type) where Value: AnyObject & Observable {
    read = { environment in
      guard let object = environment.object(type) else {
        fatalError(
          "No \(type) in the environment: put one there with .environment(_:) on an ancestor view,"
            + " or read it as an optional")
      }
      return object
    }
  }

  /// An observable object that an ancestor may have put in the environment.
  public init<T: AnyObject & Observable>(_ type: T.Type) where Value == T? {
    read = { $0.object(type) }
  }

  /// The value, as the view's environment has it now.
  public var wrappedValue: Value {
    read(link.node?.environment ?? EnvironmentValues())
  }
}

@MainActor
final class EnvironmentLink {
  weak var node: CompositeNode?
}

extension Environment: LinkableProperty {
  func link(to node: CompositeNode, existing: (any StateStorage)?) -> DynamicPropertyLink {
    link.node = node
    return .environment
  }
}
