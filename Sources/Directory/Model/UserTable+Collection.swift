/// A table reads as the view models of its users, each made when asked
/// (``UserViewModel/init(user:)``: a few hundred nanoseconds for a usual
/// name), so a row computes its values at bind and nothing derived is
/// stored for a million users.
extension UserTable: RandomAccessCollection {
  public typealias Element = UserViewModel

  public var startIndex: Int { 0 }
  public var endIndex: Int { userCount }

  /// User `position`'s row values, computed now.
  public subscript(position: Int) -> UserViewModel {
    readOne()
    var model = UserViewModel(user: user(at: position))
    if let manager = managerIndex(at: position) {
      model.managerName = value(.displayName, at: manager) ?? username(at: manager)
    }
    return model
  }

  /// What a list model holds for each user, in order.
  public var references: [UserRef] {
    (0..<userCount).map { UserRef(table: self, index: $0) }
  }
}

/// Two tables are equal when they hold the same users in the same order.
extension UserTable: Equatable {
  public static func == (lhs: UserTable, rhs: UserTable) -> Bool {
    lhs.userCount == rhs.userCount
      && (0..<lhs.userCount).allSatisfy { lhs.sameUser(at: $0, as: $0, in: rhs) }
  }
}
