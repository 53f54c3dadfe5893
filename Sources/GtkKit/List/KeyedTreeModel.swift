import CGtk

/// A `GtkTreeListModel` over string keys: the roots are a `GtkStringList`
/// of keys, and a node's children are the keys `children(key)` returns
/// when the node is expanded (nil: a leaf, with no expander). GTK makes a
/// child list only when its node is expanded and drops it when collapsed,
/// so a large tree costs what is open. The keys mean what the caller
/// makes them mean (a group's number, a person's position); rows read
/// them back with ``node(at:)``.
///
/// Threading: main-actor only; GTK calls `children` on the main thread.
@MainActor
public final class KeyedTreeModel {
  /// A node at a position of the flattened tree.
  public struct Node {
    /// The caller's key.
    public var key: String
    /// 0 for a root, 1 for its children, ….
    public var depth: Int
    /// The `GtkTreeListRow` (for a `GtkTreeExpander`).
    public var row: ObjectRef
  }

  /// The `GtkTreeListModel` (hand ``listModel`` to a selection model).
  public let object: ObjectRef
  /// The roots' `GtkStringList`: the tree took the reference made with it,
  /// and the list goes with the tree.
  private let roots: OpaquePointer
  private let context: TreeContext

  /// A tree whose roots are `roots`; `children` gives a node's children.
  public init(roots: [String] = [], children: @escaping @MainActor (String) -> [String]?) {
    let list = gtk_string_list_new(nil)!
    self.roots = list
    context = TreeContext(children: children)
    let createModel: GtkTreeListModelCreateModelFunc = { item, data in
      guard let item, let data else { return nil }
      let context = Unmanaged<TreeContext>.fromOpaque(data).takeUnretainedValue()
      let key = String(cString: gtk_string_object_get_string(OpaquePointer(item)))
      let children = MainActor.assumeIsolated { context.children(key) }
      guard let children, !children.isEmpty else { return nil }
      let model = gtk_string_list_new(nil)!
      KeyedTreeModel.splice(model, at: 0, removing: 0, adding: children)
      return model
    }
    let tree = gtk_tree_list_model_new(
      list, 0, 0, createModel, Unmanaged.passRetained(context).toOpaque(),
      { data in
        guard let data else { return }
        Unmanaged<TreeContext>.fromOpaque(data).release()
      })!
    object = ObjectRef(UnsafeMutableRawPointer(tree), adopt: true)
    setRoots(roots)
  }

  /// The `GListModel *` of the flattened tree.
  public var listModel: OpaquePointer { object.opaque }

  /// The rows shown now: roots and the children of expanded nodes.
  public var count: Int { Int(g_list_model_get_n_items(object.opaque)) }

  /// Replaces the roots (what was expanded under them closes).
  public func setRoots(_ keys: [String]) {
    Self.splice(
      roots, at: 0, removing: Int(g_list_model_get_n_items(roots)), adding: keys)
  }

  /// The node at `position` of the flattened tree.
  public func node(at position: Int) -> Node? {
    guard position >= 0, position < count,
      let row = gtk_tree_list_model_get_row(object.opaque, guint(position))
    else { return nil }
    let owned = ObjectRef(UnsafeMutableRawPointer(row), adopt: true)
    guard let item = gtk_tree_list_row_get_item(row) else { return nil }
    defer { g_object_unref(item) }
    let key = String(cString: gtk_string_object_get_string(OpaquePointer(item)))
    return Node(key: key, depth: Int(gtk_tree_list_row_get_depth(row)), row: owned)
  }

  /// Opens or closes the node at `position`.
  public func setExpanded(_ expanded: Bool, at position: Int) {
    guard let node = node(at: position) else { return }
    gtk_tree_list_row_set_expanded(node.row.opaque, expanded ? 1 : 0)
  }

  /// The node `node` is a child of; nil for a root.
  public func parent(of node: Node) -> Node? {
    guard let parent = gtk_tree_list_row_get_parent(node.row.opaque) else { return nil }
    let owned = ObjectRef(UnsafeMutableRawPointer(parent), adopt: true)
    guard let item = gtk_tree_list_row_get_item(parent) else { return nil }
    defer { g_object_unref(item) }
    let key = String(cString: gtk_string_object_get_string(OpaquePointer(item)))
    return Node(key: key, depth: Int(gtk_tree_list_row_get_depth(parent)), row: owned)
  }

  /// The keys under `node` while it is open (nil: the roots): a caller
  /// that learns them later (from a server) puts them in with
  /// ``KeyList/replace(_:with:)``. Nil when `node` is closed or a leaf.
  public func children(of node: Node?) -> KeyList? {
    guard let node else { return KeyList(roots) }
    guard let list = gtk_tree_list_row_get_children(node.row.opaque) else { return nil }
    return KeyList(list)
  }

  /// Replaces `removing` keys of `list` at `position` with `keys`.
  fileprivate static func splice(
    _ list: OpaquePointer, at position: Int, removing: Int, adding keys: [String]
  ) {
    // GTK copies the strings: they only need to live for the call.
    var pointers = keys.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    pointers.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { additions in
        gtk_string_list_splice(list, guint(position), guint(removing), additions.baseAddress)
      }
    }
  }
}

/// The keys of the roots or of an open node's children, as the tree holds
/// them: kept alive while held (a node closed meanwhile drops its list
/// from the tree, and changing the list then changes nothing shown).
///
/// Threading: main-actor only.
@MainActor
public final class KeyList {
  private let list: ObjectRef

  fileprivate init(_ model: OpaquePointer) {
    list = ObjectRef(UnsafeMutableRawPointer(model))
  }

  /// How many keys there are.
  public var count: Int { Int(g_list_model_get_n_items(list.opaque)) }

  /// The key at `index`.
  public subscript(index: Int) -> String {
    String(cString: gtk_string_list_get_string(list.opaque, guint(index)))
  }

  /// Whether this is the list `other` is (the same node's children).
  public func isSame(as other: KeyList) -> Bool { list.opaque == other.list.opaque }

  /// The last index holding `key`, if any.
  public func lastIndex(of key: String) -> Int? {
    var index = count - 1
    while index >= 0 {
      if self[index] == key { return index }
      index -= 1
    }
    return nil
  }

  /// Replaces the last `key` with `keys` (none: removes it); false when
  /// `key` is not there.
  @discardableResult
  public func replace(_ key: String, with keys: [String]) -> Bool {
    guard let index = lastIndex(of: key) else { return false }
    KeyedTreeModel.splice(list.opaque, at: index, removing: 1, adding: keys)
    return true
  }
}

/// What the tree's C callback reaches: the caller's children function.
///
/// Threading: made on the main thread; GTK calls back on it.
private final class TreeContext: @unchecked Sendable {
  let children: @MainActor (String) -> [String]?

  init(children: @escaping @MainActor (String) -> [String]?) { self.children = children }
}
