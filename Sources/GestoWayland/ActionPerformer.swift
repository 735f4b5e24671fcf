// Carries out the session actions of bindings (`keys:`, `window:`, `sway:`, `hyprland:`,
// `workspace:`) against a connected WaylandSession and sway's or Hyprland's IPC socket. `exec:` belongs to the daemon's
// ExecRunner, motion and reorder to their drivers: the type of ``SessionAction`` keeps them
// out. Errors come back as values for the log.
import GestoConfig
import GestoCore

/// Performs `keys`, `window`, `sway`, `hyprland` and `workspace` actions.
public final class ActionPerformer {
    /// The Wayland session the window and key actions go through.
    public let session: WaylandSession
    /// sway's IPC client, nil outside sway (then `sway:` actions fail with ``ActionError/sway(_:)``).
    public var sway: SwayIPC?
    /// Hyprland's IPC client, nil outside Hyprland (then `hyprland:` actions fail with
    /// ``ActionError/hyprland(_:)``).
    public var hyprland: HyprlandIPC?
    private var parsedCombinations: [String: KeyCombination] = [:]

    /// Makes a performer.
    ///
    /// - Parameters:
    ///   - session: The session (connected or not: actions fail while it is not).
    ///   - sway: The sway IPC client; by default from `$SWAYSOCK`.
    ///   - hyprland: Hyprland's IPC client; by default from `$HYPRLAND_INSTANCE_SIGNATURE`.
    public init(session: WaylandSession, sway: SwayIPC? = SwayIPC.fromEnvironment(),
                hyprland: HyprlandIPC? = HyprlandIPC.fromEnvironment()) {
        self.session = session
        self.sway = sway
        self.hyprland = hyprland
    }

    /// Carries out a one-shot session effect: keys, a window operation, a sway command, a
    /// Hyprland dispatch or a workspace switch (GestoConfig's ``EffectPlanner`` decides which and when).
    ///
    /// - Throws: ``ActionError``: the Wayland, key or sway failure, or an effect that is not
    ///   a session's (the caller's mistake: those have their own drivers).
    public func perform(_ effect: Effect) throws(ActionError) {
        switch effect {
        case .keys(let names):
            let combination: KeyCombination
            if let parsed = parsedCombinations[names.written] {
                combination = parsed
            } else {
                do { combination = try KeyCombination(parsing: names.written) } catch { throw .keys(error) }
                parsedCombinations[names.written] = combination
            }
            do { try session.type(combination) } catch { throw .wayland(error) }
        case .window(let operation):
            do { try session.perform(operation) } catch { throw .wayland(error) }
        case .swayCommand(let command):
            guard let sway else { throw .sway(.noSocket) }
            do { try sway.runCommand(command) } catch { throw .sway(error) }
        case .hyprlandDispatch(let dispatch):
            guard let hyprland else { throw .hyprland(.noSocket) }
            do { try hyprland.dispatch(dispatch) } catch { throw .hyprland(error) }
        case .switchWorkspace(let workspace):
            // Outside the compositor the switch is one command.
            guard let command = workspace.swayCommand else { throw .noWorkspaceCommand(workspace.direction) }
            guard let sway else { throw .sway(.noSocket) }
            do { try sway.runCommand(command) } catch { throw .sway(error) }
        case .run, .press, .move, .release, .windowMotion, .workspaceMotion, .reorder:
            throw .notASessionEffect(effect.kind)
        }
    }
}

/// Why an action did not happen.
public enum ActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Wayland side failed (not connected, protocol missing, no focused window…).
    case wayland(WaylandError)
    /// The key combination does not parse.
    case keys(KeyCombinationError)
    /// sway's IPC failed or the command failed.
    case sway(SwayIPCError)
    /// Hyprland's IPC failed or the dispatch failed.
    case hyprland(HyprlandIPCError)
    /// A `workspace:` direction sway has no command for (its workspaces are a list).
    case noWorkspaceCommand(WorkspaceDirection)
    /// An effect with a driver of its own (a command, the pointer, a following window).
    case notASessionEffect(Effect.Kind)

    /// One line for the log.
    public var description: String {
        switch self {
        case .wayland(let error): return error.description
        case .keys(let error): return error.description
        case .sway(let error): return error.description
        case .hyprland(let error): return error.description
        case .noWorkspaceCommand(let direction):
            return "sway's workspaces are a list: 'workspace: \(direction.rawValue)' has no sway command (use next or previous)"
        case .notASessionEffect(let kind):
            return "a \(kind) effect is not a session's: gestod sends it elsewhere (a bug if seen)"
        }
    }
}
