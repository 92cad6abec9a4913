public import CasePathsCore

/// Runs a child reducer on a part of the parent's state when the action is one of the child's.
///
/// The child's state is found by key path and its actions by case key path; the child's effects
/// are mapped back into parent actions.
///
/// ```swift
/// Scope(state: \.search, action: \.search) { SearchFeature() }
/// ```
public struct Scope<ParentState, ParentAction: Sendable & CasePathable, Child: Reducer>: Reducer
where Child.Action: Sendable {
    private let state: WritableKeyPath<ParentState, Child.State>
    private let action: AnyCasePath<ParentAction, Child.Action>
    private let child: Child

    /// Scopes `child` to `state` and `action`.
    public init<ChildState, ChildAction>(
        state: WritableKeyPath<ParentState, ChildState>,
        action: CaseKeyPath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.state = state
        self.action = AnyCasePath(action)
        self.child = child()
    }

    public func reduce(into parentState: inout ParentState, action parentAction: ParentAction) -> Effect<ParentAction> {
        guard let childAction = action.extract(from: parentAction) else { return .none }
        let action = self.action
        return child.reduce(into: &parentState[keyPath: state], action: childAction).map { action.embed($0) }
    }
}
