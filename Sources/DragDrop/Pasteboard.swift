import Foundation

/// A pasteboard, as UIKit's `UIPasteboard`: the items that copy and paste carry, as item
/// providers, the same data model a drag carries (rule 46).
///
/// ```swift
/// Pasteboard.general.string = "北海道"
/// Pasteboard.general.setItemProviders([ItemProvider(object: photo)], localOnly: true, expirationDate: nil)
/// if Pasteboard.general.hasImages { … }
/// ```
///
/// - A paste target sees the items' types before it reads anything, and reads only when it
///   loads from ``itemProviders``, as a drop does.
/// - ``changeCount`` grows by one with every change, and ``changedNotification`` is posted
///   with the pasteboard that changed.
/// - Items set `localOnly` never leave the process; items past their expiration date are
///   gone the next time the pasteboard is read.
/// - The typed accessors (``string``, ``urls``, ``image``…) read back values set through
///   them at once. Items set as providers are read through the providers, which load
///   asynchronously; their typed getters are nil, while ``hasStrings`` and the others
///   answer from the types the providers register.
/// - Where the platform has a desktop clipboard (DragDropGTK's windows), ``general`` is that
///   clipboard: what the process sets on it (but local-only items) other applications can
///   paste, and what another application copies is its one item, whose typed getters read
///   the other application's text, URL or image before they return.
///
/// ``general`` is the process's pasteboard; named ones (``init(name:create:)``,
/// ``withUniqueName()``) live in the process until removed. Every `Pasteboard` with the same
/// name shows the same items.
@MainActor
public final class Pasteboard {
  /// A pasteboard's name, as UIKit's `UIPasteboard.Name`.
  public struct Name: RawRepresentable, Hashable, Sendable {
    /// The name as a string.
    public var rawValue: String
    /// The name `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name `rawValue`, such as a reverse-DNS name of the application's.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The general pasteboard's.
    public static let general = Name(rawValue: "org.dragdrop.pasteboard.general")
  }

  /// Posted on the default notification center whenever a pasteboard's items change; the
  /// notification's object is the pasteboard.
  nonisolated public static let changedNotification = Notification.Name("DragDropPasteboardChanged")
  /// Posted when a named pasteboard is removed.
  nonisolated public static let removedNotification = Notification.Name("DragDropPasteboardRemoved")

  /// The process's pasteboard, which copy and paste use.
  public static let general: Pasteboard = {
    // Views' edit commands read it from now on.
    connectEditCommands()
    return Pasteboard(store: Store.named(.general, create: true)!)
  }()

  /// The pasteboard's name.
  public var name: Name { store.name }

  let store: Store

  private init(store: Store) {
    self.store = store
    if store.owner == nil { store.owner = self }
  }

  /// The pasteboard named `name`: one that exists, or, when `create` is true, a new empty
  /// one. Nil when none exists and `create` is false.
  public convenience init?(name: Name, create: Bool) {
    // The general pasteboard always exists, made on first use.
    if name == .general {
      self.init(store: Pasteboard.general.store)
      return
    }
    guard let store = Store.named(name, create: create) else { return nil }
    self.init(store: store)
  }

  /// A new, empty pasteboard with a name no other has.
  public static func withUniqueName() -> Pasteboard {
    Pasteboard(store: Store.named(Name(rawValue: "org.dragdrop.pasteboard.\(UUID().uuidString)"), create: true)!)
  }

  /// Removes the pasteboard named `name` and its items. The general pasteboard stays.
  public static func remove(withName name: Name) {
    guard name != .general, let store = Store.stores.removeValue(forKey: name) else { return }
    store.items = []
    store.isRemoved = true
    NotificationCenter.default.post(name: removedNotification, object: store.owner)
  }

  /// What tells the pasteboard the time, for expiration dates; tests set their own.
  public static var now: @MainActor () -> Date = { Date() }

  // MARK: Items

  /// How many items the pasteboard holds.
  public var numberOfItems: Int { store.liveItems.count }

  /// The count of changes so far: one more with every change of the items.
  public var changeCount: Int { store.changeCount }

  /// The items, as item providers: setting them replaces every item (neither local-only nor
  /// expiring).
  public var itemProviders: [ItemProvider] {
    get { store.liveItems.map(\.provider) }
    set { setItemProviders(newValue, localOnly: false, expirationDate: nil) }
  }

  /// Replaces the items with `providers`. `localOnly` items never leave the process (no
  /// other application can paste them); items are gone once `expirationDate` has passed.
  public func setItemProviders(_ providers: [ItemProvider], localOnly: Bool, expirationDate: Date?) {
    store.replace(
      with: providers.map { Item(provider: $0, isLocalOnly: localOnly, expirationDate: expirationDate) })
  }

  /// Replaces the items with `providers` as a cut, which is honest as a move is (rule 47):
  /// the source keeps its data until a paste has read it, and removes it then.
  ///
  /// `whenRead` is called on the main actor with the positions (in `providers`) of the
  /// items a paste has just read whole, each position once:
  /// - a load from ``itemProviders`` in this process that completes with its value (a
  ///   failed or cancelled load calls nothing);
  /// - on the desktop's clipboard, another application's (or another process of ours')
  ///   read of all the bytes of one of the item's representations. The desktop never says
  ///   whether a paste succeeded, so reading the data whole counts as success. A list of
  ///   files counts for the items whose files it hands over as copies; a list naming the
  ///   source's own files (opened in place) counts for nothing, since the peer copies them
  ///   after reading it.
  ///
  /// A paste that fails part-way calls nothing, so the source keeps its data. The items are
  /// otherwise as ``setItemProviders(_:localOnly:expirationDate:)`` sets them.
  ///
  /// ```swift
  /// Pasteboard.general.setItemProvidersForCut(providers) { positions in
  ///   library.trash(positions.map { chosen[$0] })
  /// }
  /// ```
  public func setItemProvidersForCut(
    _ providers: [ItemProvider], localOnly: Bool = false, expirationDate: Date? = nil,
    whenRead: @escaping @MainActor ([Int]) -> Void
  ) {
    let cut = Cut(count: providers.count, whenRead: whenRead)
    store.replace(
      with: providers.enumerated().map { index, provider in
        var item = Item(
          provider: provider.observingSuccessfulLoads { Task { @MainActor in cut.report([index]) } },
          isLocalOnly: localOnly, expirationDate: expirationDate)
        item.outgoing = provider
        item.cut = (cut, index)
        return item
      })
  }

  /// Whether the pasteboard holds items and every one stays in the process.
  public var isLocalOnly: Bool {
    let items = store.liveItems
    return !items.isEmpty && items.allSatisfy(\.isLocalOnly)
  }

  /// The item providers other applications may paste: the items not set local-only,
  /// restricted to the representations visible outside the process.
  @_spi(Platform) public var itemProvidersForOtherApplications: [ItemProvider] {
    store.liveItems.filter { !$0.isLocalOnly }.map { $0.outgoing.restricted(to: .all) }
  }

  /// The content type identifiers of the first item, in its order.
  public var types: [String] { store.liveItems.first?.provider.registeredContentTypes.map(\.identifier) ?? [] }

  /// The content type identifiers of each item.
  public var typesOfItems: [[String]] { store.liveItems.map { $0.provider.registeredContentTypes.map(\.identifier) } }

  /// Whether an item conforms to one of `pasteboardTypes` (type identifiers).
  public func contains(pasteboardTypes: [String]) -> Bool {
    let types = pasteboardTypes.compactMap { ContentType($0) }
    return store.liveItems.contains { item in types.contains { item.provider.hasItemConforming(to: $0) } }
  }

  // MARK: Typed values

  /// Whether an item holds text.
  public var hasStrings: Bool { hasItems(conformingTo: .plainText) }
  /// Whether an item holds a URL.
  public var hasURLs: Bool { hasItems(conformingTo: .url) }
  /// Whether an item holds an image.
  public var hasImages: Bool { hasItems(conformingTo: .image) }
  /// Whether an item holds a colour.
  public var hasColors: Bool { store.liveItems.contains { $0.provider.canLoadObject(ofClass: Color.self) } }

  private func hasItems(conformingTo type: ContentType) -> Bool {
    store.liveItems.contains { $0.provider.hasItemConforming(to: type) }
  }

  /// The first item's text, when it was set as a value; setting it replaces every item.
  public var string: String? {
    get { strings?.first }
    set { strings = newValue.map { [$0] } }
  }

  /// Each item's text, when the items were set as values; nil otherwise.
  public var strings: [String]? {
    get { values(String.self) }
    set { setValues(newValue ?? []) }
  }

  /// The first item's URL, when it was set as a value; setting it replaces every item.
  public var url: URL? {
    get { urls?.first }
    set { urls = newValue.map { [$0] } }
  }

  /// Each item's URL, when the items were set as values.
  public var urls: [URL]? {
    get { values(URL.self) }
    set { setValues(newValue ?? []) }
  }

  /// The first item's image, when it was set as a value; setting it replaces every item.
  public var image: Image? {
    get { images?.first }
    set { images = newValue.map { [$0] } }
  }

  /// Each item's image, when the items were set as values.
  public var images: [Image]? {
    get { values(Image.self) }
    set { setValues(newValue ?? []) }
  }

  /// The first item's colour, when it was set as a value; setting it replaces every item.
  public var color: Color? {
    get { colors?.first }
    set { colors = newValue.map { [$0] } }
  }

  /// Each item's colour, when the items were set as values.
  public var colors: [Color]? {
    get { values(Color.self) }
    set { setValues(newValue ?? []) }
  }

  /// The values of type `T` the items were set as, or nil when none was.
  private func values<T>(_ type: T.Type) -> [T]? {
    let found = store.liveItems.compactMap { item in
      item.value as? T ?? item.foreignMIMETypes.flatMap { foreignValue(T.self, offering: $0) }
    }
    return found.isEmpty ? nil : found
  }

  /// Replaces the items with one per value, each a provider of the value that also keeps
  /// it for the typed getters.
  private func setValues<T: ItemProviderWriting & Sendable>(_ values: [T]) {
    store.replace(
      with: values.map { value in
        let provider = ItemProvider()
        provider.registerObject(value, visibility: .all)
        return Item(provider: provider, isLocalOnly: false, expirationDate: nil, value: value)
      })
  }

  // MARK: Storage

  /// One item: its provider, where it may go, until when, and the value it was set as.
  struct Item {
    var provider: ItemProvider
    var isLocalOnly: Bool
    var expirationDate: Date?
    var value: (any Sendable)? = nil
    /// What another application offers on the desktop's clipboard, for an item of its.
    var foreignMIMETypes: [String]? = nil
    /// The provider the source gave, as other applications read it: for a cut, the
    /// clipboard reports their reads, not the provider paste targets here load from.
    var outgoingProvider: ItemProvider? = nil
    /// The cut the item belongs to, and its position in it.
    var cut: (Cut, index: Int)? = nil

    var outgoing: ItemProvider {
      get { outgoingProvider ?? provider }
      set { outgoingProvider = newValue }
    }
  }

  /// A cut on the pasteboard: which of its items pastes have read whole so far, and whom to
  /// tell of the others as they are read.
  @MainActor
  final class Cut {
    let count: Int
    private var read: Set<Int> = []
    private let whenRead: @MainActor ([Int]) -> Void

    init(count: Int, whenRead: @escaping @MainActor ([Int]) -> Void) {
      self.count = count
      self.whenRead = whenRead
    }

    /// Items at `positions` were read whole: the ones not read before are told, once.
    func report(_ positions: [Int]) {
      let fresh = Set(positions.filter { (0..<count).contains($0) }).subtracting(read).sorted()
      guard !fresh.isEmpty else { return }
      read.formUnion(fresh)
      whenRead(fresh)
    }
  }

  /// The items of one name, shared by every `Pasteboard` of that name.
  @MainActor
  final class Store {
    static var stores: [Name: Store] = [:]

    static func named(_ name: Name, create: Bool) -> Store? {
      if let store = stores[name] { return store }
      guard create else { return nil }
      let store = Store(name: name)
      stores[name] = store
      return store
    }

    let name: Name
    var items: [Item] = []
    var changeCount = 0
    var isRemoved = false
    /// The first pasteboard made for the store: the object of its notifications.
    weak var owner: Pasteboard?
    /// Another application's list of files or links, under its MIME type with every type it
    /// offers, not read yet: the items it stands for replace the offer's one item when
    /// they are first asked for.
    var pendingList: (mimeType: String, offering: [String])?

    init(name: Name) {
      self.name = name
    }

    /// The items not yet expired; expired ones go now, which is a change.
    var liveItems: [Item] {
      if let (list, offered) = pendingList {
        pendingList = nil
        if let providers = Pasteboard.foreignListItems(list, offering: offered) {
          // The same change, seen whole: no new count, no notification.
          items = providers.map { Item(provider: $0, isLocalOnly: false, expirationDate: nil) }
        }
      }
      let now = Pasteboard.now()
      guard items.contains(where: { ($0.expirationDate ?? .distantFuture) <= now }) else { return items }
      replace(with: items.filter { ($0.expirationDate ?? .distantFuture) > now })
      return items
    }

    /// Replaces the items. The general pasteboard's are offered on the desktop's clipboard
    /// too, when there is one, unless they came from it (`publishing` false).
    func replace(
      with newItems: [Item], publishing: Bool = true, pendingList: (mimeType: String, offering: [String])? = nil
    ) {
      guard !isRemoved else { return }
      self.pendingList = pendingList
      items = newItems
      changeCount += 1
      if publishing, name == .general, let clipboard = Pasteboard.clipboard {
        let outgoing = newItems.filter { !$0.isLocalOnly }
        let providers = outgoing.map { $0.outgoing.restricted(to: .all) }
        if outgoing.contains(where: { $0.cut != nil }) {
          // Another application's whole read of an item is a paste of the cut.
          clipboard.publish(providers) { positions in
            let read = positions.compactMap { outgoing.indices.contains($0) ? outgoing[$0].cut : nil }
            // The items of one cut, told together.
            for cut in Set(read.map { ObjectIdentifier($0.0) }) {
              let items = read.filter { ObjectIdentifier($0.0) == cut }
              items[0].0.report(items.map(\.index))
            }
          }
        } else {
          clipboard.publish(providers)
        }
      }
      NotificationCenter.default.post(name: Pasteboard.changedNotification, object: owner)
    }
  }
}
