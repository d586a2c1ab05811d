import Views

/// The first view in `root`'s tree whose snapshot line contains `text`.
@MainActor
func find(_ text: String, in root: Views.View) -> Views.View? {
  if root.snapshotDescription.contains(text) { return root }
  return root.subviews.lazy.compactMap { find(text, in: $0) }.first
}
