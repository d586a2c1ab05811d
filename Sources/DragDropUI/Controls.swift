import Foundation
import Views

// MARK: - Engine views inside declarative ones

/// An engine view shown as a declarative one: made once, brought up to date with each new
/// value of the view and each change of its environment, and sized by `size`.
struct EngineViewHost<Engine: Views.View>: View, PrimitiveView {
  let make: @MainActor () -> Engine
  let update: @MainActor (Engine, EnvironmentValues) -> Void
  let size: @MainActor (Engine, ProposedViewSize) -> Size
  let name: String

  var body: Never { primitiveBodyRequested(Self.self) }

  func makeNode(in context: NodeContext) -> ViewNode {
    let node = EngineNode(context, viewType: ObjectIdentifier(Self.self))
    let engine = make()
    node.engine = engine
    node.name = name
    node.view.addSubview(engine)
    apply(to: node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? EngineNode else { return }
    apply(to: node)
    node.invalidateLayout()
  }

  private func apply(to node: EngineNode) {
    guard let engine = node.engine as? Engine else { return }
    let update = self.update
    let size = self.size
    node.refresh = { update(engine, $0) }
    node.measureEngine = { size(engine, $0) }
    node.refresh?(node.environment)
  }
}

@MainActor
final class EngineNode: LayoutNode {
  var engine: Views.View?
  var name = "Engine"
  var refresh: (@MainActor (EnvironmentValues) -> Void)?
  var measureEngine: (@MainActor (ProposedViewSize) -> Size)?

  override var displayName: String { name }

  override func environmentDidChange() {
    refresh?(environment)
    invalidateLayout()
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    measureEngine?(proposal) ?? .zero
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    engine?.frame = bounds
  }

  override func subviewOrder() -> [Views.View] { engine.map { [$0] } ?? [] }
}

/// A finite number, or `fallback` for NaN and the infinities.
func finite(_ value: Double, or fallback: Double) -> Double { value.isFinite ? value : fallback }

// MARK: - Toggle

/// A control that turns something on and off, as SwiftUI's `Toggle`: a label and a switch
/// by default. Tapping or clicking it, or Space and Return when it has the focus, flips
/// the binding. A screen reader hears a toggle button, selected while on.
///
/// ```swift
/// Toggle("Allow duplicates", isOn: $allowDuplicates)
/// ```
public struct Toggle<Label: View>: View {
  let isOn: Binding<Bool>
  let label: Label

  /// A toggle of `isOn`, labelled by `label`.
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
    self.isOn = isOn
    self.label = label()
  }

  public var body: some View {
    ToggleBody(configuration: ToggleStyleConfiguration(label: .init(view: AnyView(label)), binding: isOn))
  }
}

extension Toggle where Label == Text {
  /// A toggle titled `title`.
  public init(_ title: String, isOn: Binding<Bool>) {
    self.init(isOn: isOn) { Text(title) }
  }
}

extension Toggle where Label == DragDropUI.Label<Text, Image?> {
  /// A toggle titled `title` with a symbol before it.
  public init(_ title: String, systemImage: String, isOn: Binding<Bool>) {
    self.init(isOn: isOn) { DragDropUI.Label(title, systemImage: systemImage) }
  }
}

/// How a toggle looks, as SwiftUI's `ToggleStyle`. Set one with ``View/toggleStyle(_:)``.
@MainActor @preconcurrency
public protocol ToggleStyle {
  /// The type of view the style makes.
  associatedtype Body: View
  /// The view of a toggle in this style.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  /// What a style is given.
  typealias Configuration = ToggleStyleConfiguration
}

/// What a ``ToggleStyle`` makes a toggle's view from.
public struct ToggleStyleConfiguration {
  /// The toggle's label, as a view.
  public struct Label: View {
    let view: AnyView
    public var body: Never { primitiveBodyRequested(Self.self) }
  }

  /// The label the toggle was made with.
  public let label: Label
  /// Whether the toggle is on; `configuration.$isOn` is its binding.
  @Binding public var isOn: Bool

  init(label: Label, binding: Binding<Bool>) {
    self.label = label
    _isOn = binding
  }
}

extension ToggleStyleConfiguration.Label: ForwardingView {}

/// The platform's toggle style: a switch.
public struct DefaultToggleStyle: ToggleStyle, Hashable {
  /// The default style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    SwitchToggleStyle().makeBody(configuration: configuration)
  }
}

/// The label, then a switch at the trailing edge: green (or the tint) while on.
public struct SwitchToggleStyle: ToggleStyle, Hashable {
  /// The switch style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    SwitchBody(configuration: configuration)
  }
}

/// A button that shows its label, filled with the tint while on.
public struct ButtonToggleStyle: ToggleStyle, Hashable {
  /// The button style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    ToggleButtonBody(configuration: configuration)
  }
}

extension ToggleStyle where Self == DefaultToggleStyle {
  /// The platform's style: a switch.
  public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
  /// A switch.
  public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
  /// A button that stays filled while on.
  public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

private struct SwitchBody: View {
  let configuration: ToggleStyleConfiguration
  @Environment(\.tint) private var tint
  @Environment(\.isEnabled) private var isEnabled

  var body: some View {
    let on = configuration.isOn
    ButtonHost(
      role: nil, action: { configuration.isOn.toggle() },
      label: AnyView(
        HStack {
          configuration.label
          Spacer()
          Capsule()
            .fill(on ? (tint ?? Color.green) : Color(white: 0.88))
            .frame(width: 51, height: 31)
            .overlay(alignment: on ? .trailing : .leading) {
              Circle().fill(Color.white).frame(width: 27, height: 27).padding(2).shadow(radius: 1)
            }
            .opacity(isEnabled ? 1 : 0.5)
        }), accessibility: .toggle(isOn: on), styled: false)
  }
}

private struct ToggleButtonBody: View {
  let configuration: ToggleStyleConfiguration
  @Environment(\.tint) private var tint

  var body: some View {
    let on = configuration.isOn
    ButtonHost(
      role: nil, action: { configuration.isOn.toggle() },
      label: AnyView(
        configuration.label
          .foregroundColor(on ? .white : tint ?? .accentColor)
          .padding(.horizontal, 12)
          .padding(.vertical, 7)
          .background(
            RoundedRectangle(cornerRadius: 8).fill(on ? tint ?? .accentColor : (tint ?? .accentColor).opacity(0.15)))),
      accessibility: .toggle(isOn: on), styled: false)
  }
}

/// The toggle's body in the style the environment sets.
private struct ToggleBody: View {
  let configuration: ToggleStyleConfiguration
  @Environment(\.toggleStyle) private var style

  var body: some View {
    (style ?? AnyToggleStyle(DefaultToggleStyle())).makeBody(configuration)
  }
}

/// A toggle style kept in the environment.
typealias AnyToggleStyle = AnyStyle<ToggleStyleConfiguration>

extension AnyStyle where Configuration == ToggleStyleConfiguration {
  @MainActor init<Style: ToggleStyle>(_ style: Style) {
    makeBody = { AnyView(style.makeBody(configuration: $0)) }
  }
}

extension EnvironmentValues {
  private struct ToggleStyleKey: EnvironmentKey {
    static let defaultValue: AnyToggleStyle? = nil
  }

  /// The style of the toggles inside; nil means `.automatic`.
  var toggleStyle: AnyToggleStyle? {
    get { self[ToggleStyleKey.self] }
    set { self[ToggleStyleKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the toggles inside.
  public func toggleStyle<Style: ToggleStyle>(_ style: Style) -> some View {
    modifier(EnvironmentWriter.style(style) { $0.toggleStyle = AnyToggleStyle($1) })
  }
}

// MARK: - Stepper

/// A label and a pair of − and + buttons, as SwiftUI's `Stepper`. With a value and a range,
/// each press moves the value by `step` and stops at the range's ends, where that button
/// is disabled. A value outside the range counts as its nearest end; a NaN value or step
/// disables both buttons.
///
/// ```swift
/// Stepper("Limit: \(limit)", value: $limit, in: 1...10)
/// ```
public struct Stepper<Label: View>: View {
  let label: Label
  let increment: (@MainActor () -> Void)?
  let decrement: (@MainActor () -> Void)?
  let onEditingChanged: @MainActor (Bool) -> Void

  /// A stepper that runs `onIncrement` and `onDecrement`; a nil action disables its button.
  public init(
    @ViewBuilder label: () -> Label, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    self.label = label()
    increment = onIncrement
    decrement = onDecrement
    self.onEditingChanged = onEditingChanged
  }

  /// A stepper of `value` within `bounds`, by `step`.
  public init<V: Strideable>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label
  ) {
    let current: V = min(max(value.wrappedValue, bounds.lowerBound), bounds.upperBound)
    let up: V = min(current.advanced(by: step), bounds.upperBound)
    let down: V = max(current.advanced(by: 0 - step), bounds.lowerBound)
    self.label = label()
    // A step that makes no number (NaN) moves nothing: both buttons are disabled.
    let usable = up == up && down == down && current == current
    if usable && current < bounds.upperBound {
      increment = { value.wrappedValue = up }
    } else {
      increment = nil
    }
    if usable && current > bounds.lowerBound {
      decrement = { value.wrappedValue = down }
    } else {
      decrement = nil
    }
    self.onEditingChanged = onEditingChanged
  }

  /// A stepper of `value` without bounds, by `step`.
  public init<V: Strideable>(
    value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in },
    @ViewBuilder label: () -> Label
  ) {
    self.label = label()
    increment = { value.wrappedValue = value.wrappedValue.advanced(by: step) }
    decrement = { value.wrappedValue = value.wrappedValue.advanced(by: -step) }
    self.onEditingChanged = onEditingChanged
  }

  public var body: some View {
    HStack {
      label
      Spacer()
      HStack(spacing: 0) {
        StepperButton(symbol: "−", name: "Decrement", action: decrement, onEditingChanged: onEditingChanged)
        Rectangle().fill(Color(white: 0.8)).frame(width: 1, height: 18)
        StepperButton(symbol: "+", name: "Increment", action: increment, onEditingChanged: onEditingChanged)
      }
      .background(RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.93)))
    }
  }
}

extension Stepper where Label == Text {
  /// A stepper titled `title` of `value` within `bounds`.
  public init<V: Strideable>(
    _ title: String, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(title) }
  }

  /// A stepper titled `title` of `value` without bounds.
  public init<V: Strideable>(
    _ title: String, value: Binding<V>, step: V.Stride = 1,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(title) }
  }

  /// A stepper titled `title` that runs `onIncrement` and `onDecrement`.
  public init(
    _ title: String, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    self.init(
      label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged)
  }
}

private struct StepperButton: View {
  let symbol: String
  let name: String
  let action: (@MainActor () -> Void)?
  let onEditingChanged: @MainActor (Bool) -> Void

  var body: some View {
    Button {
      onEditingChanged(true)
      action?()
      onEditingChanged(false)
    } label: {
      Text(symbol).font(.title3).frame(width: 46, height: 32)
    }
    .buttonStyle(.borderless)
    .accessibilityLabel(name)
    .disabled(action == nil)
  }
}

// MARK: - Slider

/// A control that picks a value from a range by dragging its thumb, as SwiftUI's
/// `Slider`: a drag or a press anywhere on the track moves the thumb there; with the
/// focus, the arrow keys move it by a step (a tenth of the range without one), Home and
/// End to the ends. NaN and infinite values and bounds are ignored; the value is kept in
/// its range.
///
/// ```swift
/// Slider(value: $size, in: 40...160) { Text("Size") }
/// ```
public struct Slider<Label: View>: View {
  let value: Binding<Double>
  let bounds: ClosedRange<Double>
  let step: Double?
  let label: Label
  let onEditingChanged: @MainActor (Bool) -> Void

  /// A slider of `value` within `bounds`. As on iOS, `label` is not shown.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label = { EmptyView() },
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, bounds: bounds, step: nil, label: label(), onEditingChanged: onEditingChanged)
  }

  /// A slider of `value` within `bounds` that moves by `step`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label = { EmptyView() },
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, bounds: bounds, step: Double(step), label: label(), onEditingChanged: onEditingChanged)
  }

  private init<V: BinaryFloatingPoint>(
    value: Binding<V>, bounds: ClosedRange<V>, step: Double?, label: Label,
    onEditingChanged: @escaping @MainActor (Bool) -> Void
  ) {
    self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
    let low = finite(Double(bounds.lowerBound), or: 0)
    let high = finite(Double(bounds.upperBound), or: low + 1)
    self.bounds = low...max(low, high)
    self.step = step.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    self.label = label
    self.onEditingChanged = onEditingChanged
  }

  public var body: some View {
    let value = self.value
    let bounds = self.bounds
    let step = self.step
    let onEditingChanged = self.onEditingChanged
    return EngineViewHost(
      make: { SliderControl(frame: .zero) },
      update: { slider, environment in
        slider.range = bounds
        slider.step = step
        slider.value = value.wrappedValue
        slider.onChange = { value.wrappedValue = $0 }
        slider.onEditingChanged = onEditingChanged
        slider.isEnabled = environment.isEnabled
        slider.tintColor = environment.tint ?? .accentColor
      },
      size: { _, proposal in Size(width: finite(proposal.width ?? 200, or: 200), height: 28) },
      name: "Slider"
    )
  }
}

/// The engine view of a ``Slider``: a track, the filled part up to the value, and a thumb.
@MainActor
final class SliderControl: Control {
  var range = 0.0...1.0
  var step: Double?
  var value = 0.0 {
    didSet {
      let clamped = clamp(value)
      if clamped != value { value = clamped }
      accessibilityValue = "\(Int(((fraction * 100)).rounded()))%"
    }
  }
  var onChange: ((Double) -> Void)?
  var onEditingChanged: ((Bool) -> Void)?
  private let pan = PanGestureRecognizer()

  override init(frame: Rect) {
    super.init(frame: frame)
    accessibilityTraits = .adjustable
    pan.minimumDistance = 0
    pan.addAction { [weak self] recognizer in
      guard let self, self.isEnabled else { return }
      switch recognizer.state {
      case .began:
        self.onEditingChanged?(true)
        self.move(to: recognizer.location(in: self).x)
      case .changed:
        self.move(to: recognizer.location(in: self).x)
      case .ended, .cancelled:
        self.move(to: recognizer.location(in: self).x)
        self.onEditingChanged?(false)
      default: break
      }
    }
    addGestureRecognizer(pan)
    // A press that does not move puts the thumb where it lands.
    let tap = TapGestureRecognizer()
    tap.addAction { [weak self] recognizer in
      guard let self, self.isEnabled, recognizer.state == .ended else { return }
      self.onEditingChanged?(true)
      self.move(to: recognizer.location(in: self).x)
      self.onEditingChanged?(false)
    }
    addGestureRecognizer(tap)
  }

  private var fraction: Double {
    let span = range.upperBound - range.lowerBound
    return span > 0 ? (value - range.lowerBound) / span : 0
  }

  private func clamp(_ raw: Double) -> Double {
    guard raw.isFinite else { return range.lowerBound }
    var clamped = min(max(raw, range.lowerBound), range.upperBound)
    if let step {
      clamped = range.lowerBound + ((clamped - range.lowerBound) / step).rounded() * step
      clamped = min(clamped, range.upperBound)
    }
    return clamped
  }

  /// The thumb's travel: its centre stays 14 points inside each end.
  private var track: (start: Double, length: Double) {
    (bounds.minX + 14, max(0, bounds.width - 28))
  }

  private func move(to x: Double) {
    let (start, length) = track
    let fraction = length > 0 ? min(1, max(0, (x - start) / length)) : 0
    set(range.lowerBound + fraction * (range.upperBound - range.lowerBound))
  }

  private func set(_ raw: Double) {
    let new = clamp(raw)
    guard new != value else { return }
    value = new
    onChange?(new)
    sendActions(for: .valueChanged)
  }

  override var canBecomeFocused: Bool { isEnabled }

  override func keyEvent(_ event: KeyEvent) {
    guard event.phase == .down, isEnabled else { return super.keyEvent(event) }
    let stride = step ?? (range.upperBound - range.lowerBound) / 10
    switch event.key {
    case .right, .up: set(value + stride)
    case .left, .down: set(value - stride)
    case .home: set(range.lowerBound)
    case .end: set(range.upperBound)
    default: super.keyEvent(event)
    }
  }

  override func draw(in context: any GraphicsContext) {
    let (start, length) = track
    let mid = bounds.midY
    let thumbX = start + length * fraction
    context.fill(
      Path(roundedRect: Rect(x: start, y: mid - 2, width: length, height: 4), cornerRadius: 2),
      color: Color(white: 0.88))
    context.fill(
      Path(roundedRect: Rect(x: start, y: mid - 2, width: thumbX - start, height: 4), cornerRadius: 2),
      color: isEnabled ? tintColor ?? .systemBlue : Color(white: 0.7))
    context.fill(Path(ellipseIn: Rect(x: thumbX - 14, y: mid - 14, width: 28, height: 28)), color: Color(white: 0.75))
    context.fill(Path(ellipseIn: Rect(x: thumbX - 13, y: mid - 13, width: 26, height: 26)), color: .white)
  }

  override var snapshotDescription: String {
    super.snapshotDescription + " value=\(formatted(value))"
  }
}

// MARK: - ProgressView

/// A view that shows that work is under way, as SwiftUI's `ProgressView`: a spinning
/// indicator without a value, a bar with one. A value outside `0...total`, NaN or infinite
/// is clamped; a total that is not positive shows an empty bar.
///
/// ```swift
/// if isLoading { ProgressView() }
/// ProgressView("Importing", value: done, total: 10)
/// ```
public struct ProgressView<Label: View>: View {
  let fraction: Double?
  let progress: Progress?
  let label: Label

  public var body: some View {
    VStack(alignment: fraction == nil && progress == nil ? .center : .leading, spacing: 6) {
      if fraction != nil || progress != nil {
        label
      }
      indicator
      if fraction == nil && progress == nil {
        label.foregroundStyle(.secondary)
      }
    }
  }

  @ViewBuilder private var indicator: some View {
    if let progress {
      EngineViewHost(
        make: { Views.ProgressView(progressViewStyle: .default) },
        update: { bar, environment in
          bar.observedProgress = progress
          bar.progressTintColor = environment.tint
        },
        size: { _, proposal in Size(width: finite(proposal.width ?? 150, or: 150), height: 4) }, name: "ProgressBar")
    } else if let fraction {
      EngineViewHost(
        make: { Views.ProgressView(progressViewStyle: .default) },
        update: { bar, environment in
          bar.progress = Float(fraction)
          bar.progressTintColor = environment.tint
        },
        size: { _, proposal in Size(width: finite(proposal.width ?? 150, or: 150), height: 4) }, name: "ProgressBar")
    } else {
      EngineViewHost<ActivityIndicatorView>(
        make: {
          let spinner = ActivityIndicatorView(style: .medium)
          spinner.startAnimating()
          spinner.accessibilityLabel = "In progress"
          return spinner
        },
        update: { spinner, environment in
          if let tint = environment.tint { spinner.color = tint }
        },
        size: { spinner, _ in spinner.sizeThatFits(.zero) }, name: "Spinner")
    }
  }
}

extension ProgressView where Label == EmptyView {
  /// A spinning indicator.
  public init() {
    self.init(fraction: nil, progress: nil, label: EmptyView())
  }

  /// A bar showing `value` of `total`.
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    self.init(fraction: value.map { Self.fraction(Double($0), of: Double(total)) }, progress: nil, label: EmptyView())
  }

  /// A bar following a Foundation `Progress`.
  public init(_ progress: Progress) {
    self.init(fraction: nil, progress: progress, label: EmptyView())
  }
}

extension ProgressView where Label == Text {
  /// A spinning indicator titled `title`.
  public init(_ title: String) {
    self.init(fraction: nil, progress: nil, label: Text(title))
  }

  /// A bar titled `title` showing `value` of `total`.
  public init<V: BinaryFloatingPoint>(_ title: String, value: V?, total: V = 1.0) {
    self.init(fraction: value.map { Self.fraction(Double($0), of: Double(total)) }, progress: nil, label: Text(title))
  }
}

extension ProgressView {
  /// A bar labelled by `label`, showing `value` of `total`.
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
    self.init(fraction: value.map { Self.fraction(Double($0), of: Double(total)) }, progress: nil, label: label())
  }

  /// A spinning indicator labelled by `label`.
  public init(@ViewBuilder label: () -> Label) {
    self.init(fraction: nil, progress: nil, label: label())
  }

  static func fraction(_ value: Double, of total: Double) -> Double {
    guard value.isFinite, total.isFinite, total > 0 else { return 0 }
    return min(1, max(0, value / total))
  }
}

// MARK: - Shapes and places

/// A shape of any type, as SwiftUI's `AnyShape`: chosen at run time, `cond ? AnyShape(Circle())
/// : AnyShape(Rectangle())`.
public struct AnyShape: Shape {
  private let makePath: @MainActor @Sendable (Rect) -> Path

  /// `shape`, with its type erased.
  public init<S: Shape>(_ shape: S) {
    nonisolated(unsafe) let shape = shape
    makePath = { shape.path(in: $0) }
  }

  public func path(in rect: Rect) -> Path { makePath(rect) }
}

extension View {
  /// Centres the view at `position` in its parent's coordinates, and takes all the space
  /// offered, as SwiftUI's `position(_:)`. NaN and infinite coordinates count as 0.
  public func position(_ position: CGPoint) -> some View {
    self.position(x: position.x, y: position.y)
  }

  /// Centres the view at `x`, `y` in its parent's coordinates.
  public func position(x: Double = 0, y: Double = 0) -> some View {
    modifier(PositionModifier(center: Point(x: finite(x, or: 0), y: finite(y, or: 0))))
  }
}

/// Centres its content at a point of the space it is offered, and takes all of that space.
struct PositionModifier: WrappingModifier {
  let center: Point
  var name: String { "Position" }

  func measure(_ proposal: ProposedViewSize, content: ContentLayout) -> Size {
    let ideal = content.size(proposal)
    return Size(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
  }

  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout) {
    let size = content.size(proposal)
    content.place(
      in: Rect(
        x: bounds.minX + center.x - size.width / 2, y: bounds.minY + center.y - size.height / 2, width: size.width,
        height: size.height), proposal: proposal)
  }
}
