import ArgumentParser
import Directory

/// `FIELD=VALUE` arguments: each field's values in the order given.
///
/// Threading: a plain value; `Sendable`.
struct FieldValues: Sendable {
  /// The fields, in the order first given.
  private(set) var fields: [EditableField] = []
  private(set) var values: [EditableField: [String]] = [:]

  /// Reads `arguments`; an unknown field or an argument without `=` throws.
  init(_ arguments: [String]) throws {
    for argument in arguments {
      guard let equals = argument.firstIndex(of: "=") else {
        throw ValidationError("“\(argument)” is not FIELD=VALUE")
      }
      let name = argument[..<equals]
      guard let field = EditableField(named: name) else {
        throw ValidationError(
          "no field “\(name)”: fields are \(EditableField.names.joined(separator: ", "))")
      }
      let value = String(argument[argument.index(after: equals)...])
      if values[field] == nil {
        fields.append(field)
        values[field] = []
      }
      if !value.isEmpty { values[field, default: []].append(value) }
    }
  }
}
