import Foundation
import ItemProviders

/// A rectangular area of the interface: it draws, holds subviews, takes input through its
/// interactions and gesture recognisers, and converts points between coordinate spaces.
///
/// As in UIKit, ``frame`` is derived: a view is placed by its ``center`` in the superview,
/// sized by its ``bounds``, and turned or scaled by its ``transform`` about its centre. The
/// bounds' origin is the point of the view's own space at its top-left corner, which is how
/// a scroll view scrolls.
// Geometry, visibility and the subviews are read on every hit test, conversion and frame, many
// times a pointer motion, and Swift checks exclusive access to a class's stored properties
// at run time: the checks were the largest cost of a drag move over a grid. They are
// turned off for these properties alone. `subviews` is changed only by the view's own
// methods, which call no other code while they hold the access. The others are plain
// values: an overlapping access to one of them (say, `alpha` passed inout to a function
// that also sets `alpha`) loses a write instead of stopping the program, and cannot corrupt
// memory.
@MainActor
open class View {
  /// A view of `frame`, in its superview's coordinates, with no subviews.
  public init(frame: Rect = .zero) {
    let frame = frame.standardized
    bounds = Rect(origin: .zero, size: frame.size)
    center = frame.center
  }

  // MARK: Geometry

  /// The view's own coordinate space: its origin is the point shown at the top-left corner.
  @exclusivity(unchecked) public var bounds: Rect {
    didSet {
      guard bounds != oldValue else { return }
      if bounds.size != oldValue.size { resizeSubviews(from: oldValue.size) }
      // As in UIKit, the view lays out again when its bounds change (a scroll view's when
      // it scrolls), not when only its centre or transform does.
      setNeedsLayout()
      geometryDidChange()
    }
  }

  /// How the view's frame follows its superview's size, as UIKit's autoresizing mask does:
  /// empty (the default) keeps the frame as it is.
  public var autoresizingMask: AutoresizingMask = []

  /// Applies the subviews' autoresizing masks after this view's size changed from `old`.
  private func resizeSubviews(from old: Size) {
    for subview in subviews where !subview.autoresizingMask.isEmpty {
      subview.frame = subview.autoresizingMask.resize(
        subview.frame, from: old, to: bounds.size)
    }
  }

  /// The centre of the view in its superview's coordinates.
  @exclusivity(unchecked) public var center: Point {
    didSet { if center != oldValue { geometryDidChange() } }
  }

  /// How far from its frame the view is drawn while an animation carries it to the frame,
  /// as a presentation layer would show it: rendering adds it; layout, hit testing and
  /// ``frame`` ignore it.
  @exclusivity(unchecked) public var presentationOffset = Point.zero

  /// Applied about the centre. With a transform other than identity, ``frame`` is the
  /// bounding box of the transformed view.
  @exclusivity(unchecked) public var transform: CGAffineTransform = .identity {
    didSet { if transform != oldValue { geometryDidChange() } }
  }

  /// The view's rectangle in its superview's coordinates. Setting it sets the centre and
  /// the size of the bounds, and expects an identity transform.
  public var frame: Rect {
    get {
      if transform.isIdentity {
        return Rect(
          x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height)
      }
      let local = Rect(center: .zero, size: bounds.size)
      let box = transform.apply(to: local)
      return box.offsetBy(dx: center.x, dy: center.y)
    }
    set {
      let rect = newValue.standardized
      bounds.size = rect.size
      center = rect.center
    }
  }

  /// The rectangle the view's centre and bounds make, before its transform: what
  /// ``frame`` was last set to.
  package var untransformedFrame: Rect {
    Rect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height)
  }

  /// Called when the bounds, centre or transform change. A change of the bounds has asked
  /// for a layout first (``setNeedsLayout()``); moving or turning the view does not.
  open func geometryDidChange() {
    superview?.hitIndex = nil
  }

  // MARK: Appearance

  /// Multiplies the opacity of the view and its subviews. A view at 0.01 or less is not
  /// hit by input.
  @exclusivity(unchecked) public var alpha: Double = 1
  /// A hidden view neither draws nor takes input, and neither do its subviews.
  @exclusivity(unchecked) public var isHidden = false
  /// When false, the view and its subviews take no input.
  @exclusivity(unchecked) public var isUserInteractionEnabled = true
  /// The colour the view fills its bounds with before it draws; nil (the default) fills
  /// nothing.
  public var backgroundColor: Color?
  /// Whether subviews are clipped to the bounds when drawn.
  public var clipsToBounds = false
  /// The view's layer: its border, shadow and mask, and Core Animation's names for its
  /// corner radius, clipping, background and opacity. Made on first use.
  public var layer: Layer {
    if let layerIfMade { return layerIfMade }
    let made = Layer(view: self)
    layerIfMade = made
    return made
  }
  /// The layer, if code has asked for it.
  private(set) var layerIfMade: Layer?
  /// Rounds the corners of the background and, with ``clipsToBounds``, of the clip.
  public var cornerRadius: Double = 0
  /// Whether the view and its subviews are drawn into a bitmap that later frames reuse for
  /// as long as they draw exactly the same, as `CALayer.shouldRasterize` does. Worth it for
  /// views that stay the same for many frames while they move, such as the cells of a
  /// list during a drag: their rounded clips, fills and text are rasterized once.
  ///
  /// Renderers that keep bitmaps (cairo's) reuse one only where the view lands on whole
  /// device pixels without rotation or skew, so that what is on screen is what drawing
  /// directly would give; elsewhere, as while a cell glides, they draw the view directly.
  /// The bitmap covers the view's bounds: what the view or its subviews draw outside them
  /// is cut off, as with ``clipsToBounds``. False by default.
  public var shouldRasterize = false
  /// A name for the view, read by accessibility and in keyboard-drag announcements.
  public var accessibilityLabel: String?
  /// The element's current value, as UIKit's `accessibilityValue`: a toggle's "1" or "0",
  /// a slider's percentage. A screen reader hears it after the label when the view has
  /// the focus, and again when it changes.
  public var accessibilityValue: String? {
    didSet { if accessibilityValue != oldValue { setNeedsFocusRingUpdate() } }
  }
  /// What happens when the element is used, as UIKit's `accessibilityHint`: a screen
  /// reader hears it after the label and the value when the view has the focus.
  public var accessibilityHint: String? {
    didSet { if accessibilityHint != oldValue { setNeedsFocusRingUpdate() } }
  }
  /// A name that tests find the view by; assistive technology does not read it, as in
  /// UIKit.
  public var accessibilityIdentifier: String?
  /// What the view is to assistive technology: a button, a header, an image.
  public var accessibilityTraits: AccessibilityTraits = []
  /// The colour controls in the view tint themselves with: the superview's unless set,
  /// and the system blue at the root, as in UIKit. Setting nil inherits again.
  public var tintColor: Color! {
    get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
    set { ownTintColor = newValue }
  }
  private var ownTintColor: Color?

  // MARK: Hierarchy

  /// The views inside this one, back to front.
  @exclusivity(unchecked) public private(set) var subviews: [View] = []
  /// The view this one is a subview of. Unowned rather than weak: a weak reference would
  /// make every view with subviews count its references through a side table, which costs
  /// several times a plain count on each retain and release of cells and their containers.
  /// A view clears it in its subviews when it goes, so it never dangles.
  public private(set) unowned(safe) var superview: View?

  isolated deinit {
    for subview in subviews { subview.superview = nil }
  }

  /// The window at the root of the view's hierarchy, if it is in one.
  public var window: Window? {
    var view: View? = self
    while let current = view {
      if let window = current as? Window { return window }
      view = current.superview
    }
    return nil
  }

  /// Adds `view` on top of the other subviews, removing it from its old superview first.
  public func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` at `index` in the subviews (clamped to the valid range). A view cannot
  /// become a subview of itself or of one of its own subviews: that request is ignored.
  public func insertSubview(_ view: View, at index: Int) {
    guard view !== self, !isDescendant(of: view) else { return }
    let oldWindow = view.window
    if let old = view.superview {
      old.subviews.removeAll { $0 === view }
      old.hitIndex = nil
    }
    subviews.insert(view, at: max(0, min(index, subviews.count)))
    view.superview = self
    hitIndex = nil
    if view.needsLayout || view.subtreeNeedsLayout { noteLayoutNeededInside() }
    let newWindow = window
    if oldWindow !== newWindow { view.notifyWindowChange(from: oldWindow, to: newWindow) }
  }

  /// Puts the subviews in `order`, which must hold exactly the current subviews: one pass,
  /// where moving them one at a time costs a pass each. Anything else changes nothing.
  package final func reorderSubviews(_ order: [View]) {
    guard order.count == subviews.count,
      Set(order.map(ObjectIdentifier.init)) == Set(subviews.map(ObjectIdentifier.init))
    else { return }
    subviews = order
    hitIndex = nil
  }

  /// Moves `view`, one of the subviews, in front of the others.
  public func bringSubviewToFront(_ view: View) {
    guard view.superview === self else { return }
    subviews.removeAll { $0 === view }
    subviews.append(view)
    hitIndex = nil
  }

  /// Moves `view`, one of the subviews, behind the others.
  public func sendSubviewToBack(_ view: View) {
    guard view.superview === self, subviews.first !== view else { return }
    subviews.removeAll { $0 === view }
    subviews.insert(view, at: 0)
    hitIndex = nil
  }

  /// Takes the view out of its superview, and out of the window.
  public func removeFromSuperview() {
    guard let superview else { return }
    let oldWindow = window
    superview.subviews.removeAll { $0 === self }
    superview.hitIndex = nil
    self.superview = nil
    if oldWindow != nil { notifyWindowChange(from: oldWindow, to: nil) }
  }

  /// Whether the view is `view` or inside it.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  private func notifyWindowChange(from oldWindow: Window?, to newWindow: Window?) {
    oldWindow?.viewWillLeave(self)
    didMoveToWindow()
    for subview in subviews { subview.notifyWindowChange(from: oldWindow, to: newWindow) }
    newWindow?.viewDidEnter(self)
  }

  /// Called after the view has moved into or out of a window.
  open func didMoveToWindow() {}

  // MARK: Layout

  /// Whether the view waits for ``layoutSubviews()``.
  public private(set) var needsLayout = true

  /// Whether a view inside this one waits for its layout: a layout pass walks only the
  /// branches that lead to one, not every view of the tree.
  private var subtreeNeedsLayout = false

  /// Marks the view for layout: ``layoutSubviews()`` runs before it is next drawn or hit-tested.
  public func setNeedsLayout() {
    needsLayout = true
    superview?.noteLayoutNeededInside()
  }

  /// A view inside this one waits for its layout: this view and its ancestors lead to it.
  private func noteLayoutNeededInside() {
    var current: View? = self
    // An ancestor already marked leads here already, or is in a pass that will get here.
    while let view = current, !view.subtreeNeedsLayout {
      view.subtreeNeedsLayout = true
      current = view.superview
    }
  }

  /// The environment of the window the view is in, or ``WindowEnvironment/detached``
  /// outside any window. A window can change it.
  open var environment: WindowEnvironment {
    window?.environment ?? .detached
  }

  /// The part of the view that has the keyboard focus when the view is focused, in its own
  /// coordinates: a list's focused item, say, or the focused one of the view's
  /// ``accessibilityElements``. Nil means the whole view. The window draws the focus ring
  /// around it, and a keyboard drag lifts from its centre.
  open var keyboardFocusRect: Rect? {
    focusedElement.map { convert($0.bounds, from: $0) }
  }

  /// What to call the focused part in announcements: the focused element's accessibility
  /// label; nil means the view's own.
  open var keyboardFocusLabel: String? { focusedElement?.accessibilityLabel }

  /// What a screen reader hears after the focused part's name: its
  /// ``accessibilityValue``, with a toggle button's "1" and "0" read as on and off, as
  /// VoiceOver reads them; "selected" for a selected part without a value; nil otherwise.
  public var keyboardFocusValue: String? {
    let element = focusedElement ?? self
    guard let value = element.accessibilityValue, !value.isEmpty else {
      return element.accessibilityTraits.contains(.selected) ? "selected" : nil
    }
    guard element.accessibilityTraits.contains(.toggleButton) else { return value }
    switch value {
    case "1": return "on"
    case "0": return "off"
    default: return value
    }
  }

  /// The parts of the view that the keyboard focus visits inside it, in order, as UIKit's
  /// `accessibilityElements` orders them for VoiceOver: a view whose one drag interaction
  /// lifts whichever of its subviews is under the touch lists them, and the arrow keys then
  /// move the focus among them. Nil (the default) means the view is one part.
  public var accessibilityElements: [View]? {
    didSet {
      focusedElementIndex = accessibilityElements?.isEmpty == false ? 0 : nil
      setNeedsFocusRingUpdate()
    }
  }

  /// Which of the ``accessibilityElements`` has the focus.
  private var focusedElementIndex: Int?

  private var focusedElement: View? {
    guard let elements = accessibilityElements, let index = focusedElementIndex, elements.indices.contains(index)
    else { return nil }
    return elements[index]
  }

  /// What to call the part of the view at `point` (in its own coordinates), for
  /// announcements: a list names the item there. The accessibility label by default.
  open func accessibilityLabel(at point: Point) -> String? { accessibilityLabel }

  /// What a screen reader says when the view, or its focused part, takes the keyboard
  /// focus: a list says its focused row's label, position and selection. Nil (the
  /// default) means ``keyboardFocusLabel``, then the accessibility label.
  open var accessibilityFocusDescription: String? { nil }

  /// Whether the focused part is selected, for the accessibility tree: a list's focused
  /// row. By default, whether the focused part has the ``AccessibilityTraits/selected``
  /// trait (a toggle that is on, a picker's chosen segment).
  open var accessibilityFocusIsSelected: Bool { (focusedElement ?? self).accessibilityTraits.contains(.selected) }

  /// Called when the view gains or loses the window's keyboard focus.
  open func focusDidChange(_ isFocused: Bool) {}

  /// Whether the view takes the keyboard focus: from Tab and Shift-Tab, which go through
  /// the focusable views in the window's order (front to back, depth first), and from a
  /// press of the pointer or a touch on it. By default a view takes it when one of its
  /// interactions asks for it (a drag interaction does); lists always do.
  open var canBecomeFocused: Bool {
    interactions.contains { $0.makesViewFocusable }
  }

  /// Whether the view has its window's keyboard focus.
  public var isFocused: Bool { window?.focusedView === self }

  /// Tells the window that ``keyboardFocusRect`` moved, so that its focus ring follows.
  public func setNeedsFocusRingUpdate() {
    guard let window, window.focusedView === self else { return }
    window.updateFocusRing()
  }

  // MARK: Text input

  /// Whether the view edits text: while it has the focus, the platform's input method
  /// (a Japanese one, say) turns keys into text, which arrives as ``insertText(_:)``, and
  /// shows what it is composing through ``setMarkedText(_:)``. False by default.
  open var acceptsTextInput: Bool { false }

  /// Text an input method committed, for a view that ``acceptsTextInput``. By default it
  /// arrives as the key event of a character.
  open func insertText(_ text: String) {
    keyEvent(KeyEvent(key: .character(text), phase: .down, timestamp: 0))
  }

  /// The text an input method is composing, not yet committed (nil or empty when none),
  /// for the view to show at its caret. Ignored by default.
  open func setMarkedText(_ text: String?) {}

  /// Where the caret is, in the view's coordinates, so that an input method can put its
  /// candidate window beside it; nil means the whole view.
  open var textInputCaretRect: Rect? { nil }

  /// Scrolls for a wheel or touchpad: returns true when the view scrolled, or takes the
  /// event for its own reasons; false passes it to the superview. Views do not scroll by
  /// default.
  open func scrollWheel(with event: ScrollEvent) -> Bool { false }

  /// Marks the view and every view below it for layout, as when the environment changes.
  func setNeedsLayoutEverywhere() {
    setNeedsLayout()
    for subview in subviews { subview.setNeedsLayoutEverywhere() }
  }

  /// Lays out the view and its subviews now, if they need it.
  public func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      owningController?.viewWillLayoutSubviews()
      layoutSubviews()
      owningController?.viewDidLayoutSubviews()
    }
    guard subtreeNeedsLayout else { return }
    subtreeNeedsLayout = false
    for subview in subviews { subview.layoutIfNeeded() }
  }

  /// The view controller whose root view this is, told of its layout passes.
  package weak var owningController: ViewController?

  /// Override to place subviews; called by ``layoutIfNeeded()`` after a change.
  open func layoutSubviews() {}

  /// The size that best fits the content within `size`; the current size by default.
  open func sizeThatFits(_ size: Size) -> Size {
    bounds.size
  }

  /// Resizes the view to ``sizeThatFits(_:)``, keeping its top-left corner.
  public func sizeToFit() {
    let origin = frame.origin
    let size = sizeThatFits(Size(width: Double.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    frame = Rect(origin: origin, size: size)
  }

  // MARK: Coordinates

  /// Maps a point of this view's space into its superview's space.
  func convertToSuperview(_ point: Point) -> Point {
    let local = Point(x: point.x - bounds.midX, y: point.y - bounds.midY)
    return transform.apply(to: local) + center
  }

  /// Maps a point of the superview's space into this view's space, or nil when the
  /// transform is singular.
  package func convertFromSuperview(_ point: Point) -> Point? {
    if transform.isIdentity {
      return Point(x: point.x - center.x + bounds.midX, y: point.y - center.y + bounds.midY)
    }
    guard let inverse = transform.inverse else { return nil }
    let local = inverse.apply(to: point - center)
    return Point(x: local.x + bounds.midX, y: local.y + bounds.midY)
  }

  /// The transform from this view's space to the root of its hierarchy.
  var transformToRoot: CGAffineTransform {
    var result = CGAffineTransform.identity
    var view: View? = self
    while let current = view, current.superview != nil {
      let step = CGAffineTransform(translationX: -current.bounds.midX, y: -current.bounds.midY)
        .concatenating(current.transform)
        .concatenating(CGAffineTransform(translationX: current.center.x, y: current.center.y))
      result = result.concatenating(step)
      view = current.superview
    }
    return result
  }

  /// The root of the hierarchy: the window, or the topmost superview.
  var root: View {
    var view = self
    while let superview = view.superview { view = superview }
    return view
  }

  /// The transform from this view's space into `view`'s (the root's when nil), or nil
  /// when the two views do not share a root.
  private func transform(to view: View?) -> CGAffineTransform? {
    let target = view ?? root
    guard target.root === root else { return nil }
    return transformToRoot.concatenating(target.transformToRoot.inverse ?? .identity)
  }

  /// Converts a point of this view's space into `view`'s space (the root's when nil). The
  /// two views must share a root; otherwise the point is returned unchanged.
  public func convert(_ point: Point, to view: View?) -> Point {
    transform(to: view)?.apply(to: point) ?? point
  }

  /// Converts a point of `view`'s space (the root's when nil) into this view's space.
  public func convert(_ point: Point, from view: View?) -> Point {
    (view ?? root).convert(point, to: self)
  }

  /// Converts a rectangle into `view`'s space: the bounding box when transforms rotate it.
  public func convert(_ rect: Rect, to view: View?) -> Rect {
    transform(to: view)?.apply(to: rect) ?? rect
  }

  /// A rectangle in `view`'s coordinates (the window's when nil) in this view's: the bounding box of its corners.
  public func convert(_ rect: Rect, from view: View?) -> Rect {
    (view ?? root).convert(rect, to: self)
  }

  // MARK: Hit testing

  /// Whether a point of this view's space is inside it; the bounds by default. Subclasses
  /// that want a larger or smaller target override this, as in UIKit.
  open func point(inside point: Point, with event: Event?) -> Bool {
    bounds.contains(point)
  }

  /// Whether a point of this view's space is inside it: ``point(inside:with:)`` without an event.
  public final func point(inside point: Point) -> Bool {
    self.point(inside: point, with: nil)
  }

  /// The deepest visible, interactive view that contains the point (in this view's space),
  /// front-most first. As in UIKit, a point outside a view's bounds hits neither the view
  /// nor its subviews; hidden views, views at alpha 0.01 or less, and views with
  /// interaction disabled are skipped with their subviews.
  ///
  /// A view with many subviews keeps a grid index of their frames, so a hit test costs a
  /// few checks rather than one per subview.
  ///
  /// Subclasses may override it, as in UIKit, to hand touches to another view; the event is
  /// the one being delivered, or nil when code asks outside an event.
  open func hitTest(_ point: Point, with event: Event?) -> View? {
    guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point, with: event) else {
      return nil
    }
    if subviews.count >= HitIndex.threshold && indexesSubviewsForHitTesting {
      if hitIndex == nil { hitIndex = HitIndex(subviews) }
      var hit: View?
      hitIndex!.forEachCandidate(at: point) { index in
        let subview = subviews[index]
        guard let local = subview.convertFromSuperview(point), let found = subview.hitTest(local, with: event) else {
          return true
        }
        hit = found
        return false
      }
      return hit ?? self
    }
    for subview in subviews.reversed() {
      guard let local = subview.convertFromSuperview(point) else { continue }
      if let hit = subview.hitTest(local, with: event) { return hit }
    }
    return self
  }

  /// The deepest visible, interactive view that contains the point: ``hitTest(_:with:)``
  /// without an event.
  public final func hitTest(_ point: Point) -> View? {
    hitTest(point, with: nil)
  }

  /// Whether hit tests use a grid index of the subviews' frames when there are many (true
  /// by default). A view whose subviews move all the time but stay few, such as the
  /// visible cells of a list, does better scanning them than rebuilding the index.
  open var indexesSubviewsForHitTesting: Bool { true }

  /// The grid of subview frames; rebuilt on the next hit test after any subview moves,
  /// resizes, or joins or leaves.
  var hitIndex: HitIndex?

  // MARK: Interactions

  /// The interactions added to the view, in order.
  public private(set) var interactions: [any Interaction] = []
  /// The gesture recognisers attached to this view.
  public internal(set) var gestureRecognizers: [GestureRecognizer] = []

  /// Attaches an interaction, such as DragDrop's `DragInteraction` or `DropInteraction`. An
  /// interaction belongs to one view at a time: adding it here removes it from its old view.
  public func addInteraction(_ interaction: any Interaction) {
    if let old = interaction.view, old !== self { old.removeInteraction(interaction) }
    guard !interactions.contains(where: { $0 === interaction }) else { return }
    interactions.append(interaction)
    interaction.didMove(to: self)
    window?.interactionsDidChange(in: self)
  }

  /// Takes an interaction off the view; it hears that it left.
  public func removeInteraction(_ interaction: any Interaction) {
    guard interactions.contains(where: { $0 === interaction }) else { return }
    interactions.removeAll { $0 === interaction }
    interaction.willMove(to: nil)
    interaction.didMove(to: nil)
    window?.interactionsDidChange(in: self)
  }

  /// Called with key events when the view is focused, or when a view inside it passed the
  /// event on. By default the event goes on to the superview, as a responder chain does:
  /// a view that handles some keys calls `super` for the others.
  open func keyEvent(_ event: KeyEvent) {
    if event.phase == .down, let elements = accessibilityElements, !elements.isEmpty {
      let step: Int? =
        switch event.key {
        case .up, .left: -1
        case .down, .right: 1
        case .home: -elements.count
        case .end: elements.count
        default: nil
        }
      if let step {
        focusedElementIndex = max(0, min(elements.count - 1, (focusedElementIndex ?? 0) + step))
        setNeedsFocusRingUpdate()
        return
      }
    }
    superview?.keyEvent(event)
  }

  // MARK: Edit commands

  /// What the view takes from a paste, as UIKit's `pasteConfiguration`; nil takes nothing.
  /// With one, the view can perform ``EditAction/paste`` when the general pasteboard holds
  /// what it accepts, and its ``paste(_:)`` calls ``paste(itemProviders:)``.
  open var pasteConfiguration: PasteConfiguration? {
    get { storedPasteConfiguration }
    set { storedPasteConfiguration = newValue }
  }
  private var storedPasteConfiguration: PasteConfiguration?
  /// Edit commands given as closures, asked before ``canPerformAction(_:withSender:)``.
  package var editCommandHandlers: EditCommandHandlers?

  /// Whether the view performs `action` now, as UIKit's `canPerformAction(_:withSender:)`:
  /// a view that copies or pastes overrides it, and the edit command goes to the first view
  /// along the responder chain that says yes. By default only a view with a
  /// ``pasteConfiguration`` performs ``EditAction/paste``, when ``canPaste(_:)`` accepts the
  /// pasteboard's items.
  open func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool {
    guard action == .paste, pasteConfiguration != nil else { return false }
    return canPaste(EditSupport.pasteboardItemProviders())
  }

  /// Whether the view takes `itemProviders` from a paste: by default, whether its
  /// ``pasteConfiguration`` accepts them.
  open func canPaste(_ itemProviders: [ItemProvider]) -> Bool {
    pasteConfiguration?.accepts(itemProviders) ?? false
  }

  /// Takes pasted items, as UIKit's `paste(itemProviders:)`: load from them as from a drop.
  open func paste(itemProviders: [ItemProvider]) {}

  /// Copies the selection to the general pasteboard and removes it.
  open func cut(_ sender: Any?) {}
  /// Copies the selection to the general pasteboard.
  open func copy(_ sender: Any?) {}
  /// Pastes: by default, with a ``pasteConfiguration`` that accepts the general
  /// pasteboard's items, ``paste(itemProviders:)`` with them.
  open func paste(_ sender: Any?) {
    guard pasteConfiguration != nil else { return }
    let providers = EditSupport.pasteboardItemProviders()
    if canPaste(providers) { paste(itemProviders: providers) }
  }
  /// Selects everything.
  open func selectAll(_ sender: Any?) {}

  /// A middle click at `point` (in the view's coordinates), which on the Linux desktop
  /// pastes the primary selection, the text selected last in any application: a view that
  /// pastes it there returns true. False by default, and the click goes on to the
  /// superview.
  open func pastePrimarySelection(at point: Point) -> Bool { false }

  /// Removes the selection.
  open func delete(_ sender: Any?) {}

  // MARK: Drawing

  /// Draws the view's own content in its bounds' coordinates. The background and the
  /// subviews are drawn around it.
  open func draw(in context: any GraphicsContext) {}

  /// A one-line description for snapshots: the type and what matters of its state.
  open var snapshotDescription: String {
    var parts = ["\(type(of: self))", "frame=\(frame.formatted)"]
    if bounds.origin != .zero { parts.append("bounds.origin=\(bounds.origin.formatted)") }
    if !transform.isIdentity { parts.append("transform=\(transform)") }
    if alpha != 1 { parts.append("alpha=\(formatted(alpha))") }
    if isHidden { parts.append("hidden") }
    if !isUserInteractionEnabled { parts.append("noInteraction") }
    if let backgroundColor { parts.append("background=\(backgroundColor.hex)") }
    if let accessibilityLabel { parts.append("label=\"\(accessibilityLabel)\"") }
    return parts.joined(separator: " ")
  }
}

/// The parts of a view's frame that stretch when its superview's size changes: its width
/// or height, and the margins to each side. A change is shared among the flexible parts of
/// an axis in proportion to their sizes (equally when they are all zero).
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The left margin grows and shrinks with the superview.
  public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
  /// The width grows and shrinks with the superview.
  public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
  /// The right margin grows and shrinks with the superview.
  public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
  /// The top margin grows and shrinks with the superview.
  public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
  /// The height grows and shrinks with the superview.
  public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  /// The bottom margin grows and shrinks with the superview.
  public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

  /// `frame` in a superview that went from `old` to `new`.
  public func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
    let x = Self.share(
      new.width - old.width, lead: frame.minX, size: frame.width, trail: old.width - frame.maxX,
      flexible: (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)))
    let y = Self.share(
      new.height - old.height, lead: frame.minY, size: frame.height, trail: old.height - frame.maxY,
      flexible: (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)))
    return Rect(
      x: frame.minX + x.lead, y: frame.minY + y.lead, width: max(0, frame.width + x.size),
      height: max(0, frame.height + y.size))
  }

  private static func share(
    _ delta: Double, lead: Double, size: Double, trail: Double, flexible: (Bool, Bool, Bool)
  ) -> (lead: Double, size: Double) {
    let parts = [(flexible.0, max(0, lead)), (flexible.1, max(0, size)), (flexible.2, max(0, trail))]
    let count = parts.filter(\.0).count
    guard count > 0, delta != 0 else { return (0, 0) }
    let total = parts.filter(\.0).map(\.1).reduce(0, +)
    let shares = parts.map { part in
      guard part.0 else { return 0.0 }
      return total > 0 ? delta * part.1 / total : delta / Double(count)
    }
    return (shares[0], shares[1])
  }
}

// Views compare and hash by identity, as UIKit's do (`tableView == firstTableView`).
extension View: Hashable {
  nonisolated public static func == (lhs: View, rhs: View) -> Bool { lhs === rhs }
  nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
