/// A person to add to a directory server (``AccountAdministration``):
/// their attributes by the server's names, each with its values in order,
/// and the entry they go under.
///
/// Threading: a plain value; `Sendable`.
public struct NewPerson: Sendable, Equatable {
  /// One attribute and its values.
  ///
  /// Threading: a plain value; `Sendable`.
  public struct Attribute: Sendable, Equatable {
    public var name: String
    public var values: [String]

    /// `name` with `values`.
    public init(name: String, values: [String]) {
      self.name = name
      self.values = values
    }
  }

  /// The parent entry's DN; nil: the directory's base.
  public var parent: String?
  public var attributes: [Attribute]

  /// A person of `attributes` under `parent`.
  public init(parent: String? = nil, attributes: [Attribute]) {
    self.parent = parent
    self.attributes = attributes
  }

  /// The values of `name` (without regard to case); empty when none.
  public func values(_ name: String) -> [String] {
    attributes.first { $0.name.lowercased() == name.lowercased() }?.values ?? []
  }
}

/// What a new person needs on a server: the person class it uses, the
/// attributes its schema requires (less those the server fills itself),
/// and common optional ones a form offers.
///
/// Threading: a plain value; `Sendable`.
public struct NewPersonForm: Sendable, Equatable {
  /// The structural class a person gets (`inetOrgPerson`, `user`).
  public var personClass: String
  /// The attributes a new person must have, `objectClass` left out
  /// (Roster gives it).
  public var required: [String]
  /// Attributes a form offers besides.
  public var optional: [String]
  /// The attribute whose value names the new entry (`uid`, `cn`).
  public var namingAttribute: String

  /// A form of these.
  public init(personClass: String, required: [String], optional: [String], namingAttribute: String)
  {
    self.personClass = personClass
    self.required = required
    self.optional = optional
    self.namingAttribute = namingAttribute
  }
}
