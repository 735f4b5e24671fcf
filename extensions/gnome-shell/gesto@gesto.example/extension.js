// gesto's GNOME Shell extension: carries out, inside the shell, the effects gestod cannot carry
// out from outside on GNOME (mutter offers clients no virtual keyboard, virtual pointer or
// foreign-toplevel protocol): keys, window operations on the focused window, the focused
// window's app id (for `app:` bindings) and the drag's pointer. It exports org.gesto.Shell1 at
// /org/gesto/Shell1 on the session bus; every decision (which gesture, which effect, when the
// drag's button is released) stays in gestod, and each method only carries one effect out or
// answers with a D-Bus error that says what was wrong (extensions/gnome-shell/README.md).
import Clutter from 'gi://Clutter';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Meta from 'gi://Meta';

import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

const BUS_NAME = 'org.gesto.Shell1';
const OBJECT_PATH = '/org/gesto/Shell1';
const ERROR = 'org.gesto.Shell1.Error';
// The interface's version: raised when a method is added, so gestod can tell what it may call.
const INTERFACE_VERSION = 1;

const INTERFACE = `
<node>
  <interface name="org.gesto.Shell1">
    <!-- Presses the keysyms in order and releases them in reverse (Super_L, Right). -->
    <method name="Keys">
      <arg type="as" name="keysyms" direction="in"/>
    </method>
    <!-- activate, close, minimize, maximize (toggles) or fullscreen (toggles), on the focused window. -->
    <method name="Window">
      <arg type="s" name="operation" direction="in"/>
    </method>
    <!-- The focused window's app id (a Wayland client's xdg_toplevel app_id, an X11 client's WM_CLASS class). -->
    <method name="FocusedApp">
      <arg type="s" name="app_id" direction="out"/>
    </method>
    <!-- The drag's pointer: button is left, middle or right; motion is relative, in logical pixels. -->
    <method name="PointerPress">
      <arg type="s" name="button" direction="in"/>
    </method>
    <method name="PointerMove">
      <arg type="d" name="dx" direction="in"/>
      <arg type="d" name="dy" direction="in"/>
    </method>
    <method name="PointerRelease">
      <arg type="s" name="button" direction="in"/>
    </method>
    <property name="Version" type="u" access="read"/>
  </interface>
</node>`;

const BUTTONS = {
    left: Clutter.BUTTON_PRIMARY,
    middle: Clutter.BUTTON_MIDDLE,
    right: Clutter.BUTTON_SECONDARY,
};

// A D-Bus error for the caller: `name` is appended to org.gesto.Shell1.Error.
class ShellError extends Error {
    constructor(name, message) {
        super(message);
        this.dbusName = `${ERROR}.${name}`;
    }
}

// The keyval of an X keysym name as xkbcommon and Clutter spell it ("Super_L", "Right", "a").
function keyvalOf(name) {
    if (typeof name !== 'string' || !/^[A-Za-z0-9_]+$/.test(name))
        throw new ShellError('UnknownKeysym', `'${name}' is not a keysym name (letters, digits and _ only)`);
    const keyval = Clutter[`KEY_${name}`];
    if (typeof keyval !== 'number')
        throw new ShellError('UnknownKeysym', `'${name}' is not a keysym name Clutter knows (such as Super_L, Control_L, Right, a)`);
    return keyval;
}

function focusedWindow() {
    const window = global.display.focus_window;
    if (!window)
        throw new ShellError('NoFocusedWindow', 'no window has the keyboard focus');
    return window;
}

function refuse(window, operation) {
    const id = window.get_wm_class() ?? 'the focused window';
    throw new ShellError('NotAllowed', `${id} cannot be ${operation} (the window says so)`);
}

// Mutter 49 dropped MetaMaximizeFlags from maximize/unmaximize and get_maximized for
// is_maximized; GNOME 48 has only the old calls.
function isMaximized(window) {
    if (typeof window.get_maximized === 'function')
        return window.get_maximized() === Meta.MaximizeFlags.BOTH;
    return window.is_maximized();
}

function setMaximized(window, maximized) {
    const flags = typeof window.get_maximized === 'function' ? [Meta.MaximizeFlags.BOTH] : [];
    if (maximized)
        window.maximize(...flags);
    else
        window.unmaximize(...flags);
}

// The methods, each carrying out one effect. `this` is the Shell1 object of the extension.
class Shell1 {
    constructor() {
        const seat = Clutter.get_default_backend().get_default_seat();
        this._keyboard = seat.create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
        this._pointer = seat.create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
        // The buttons pressed through PointerPress and not yet released: released on disable.
        this._pressed = new Set();
    }

    get Version() {
        return INTERFACE_VERSION;
    }

    Keys([keysyms]) {
        if (keysyms.length === 0)
            throw new ShellError('InvalidArgs', 'Keys needs at least one keysym');
        const keyvals = keysyms.map(keyvalOf);
        const time = GLib.get_monotonic_time();
        for (const keyval of keyvals)
            this._keyboard.notify_keyval(time, keyval, Clutter.KeyState.PRESSED);
        for (const keyval of keyvals.reverse())
            this._keyboard.notify_keyval(time, keyval, Clutter.KeyState.RELEASED);
    }

    Window([operation]) {
        const time = global.get_current_time();
        switch (operation) {
        case 'activate': {
            focusedWindow().activate(time);
            break;
        }
        case 'close': {
            const window = focusedWindow();
            if (!window.can_close())
                refuse(window, 'closed');
            window.delete(time);
            break;
        }
        case 'minimize': {
            const window = focusedWindow();
            if (!window.can_minimize())
                refuse(window, 'minimized');
            window.minimize();
            break;
        }
        case 'maximize': {
            const window = focusedWindow();
            const maximized = isMaximized(window);
            if (!maximized && !window.can_maximize())
                refuse(window, 'maximized');
            setMaximized(window, !maximized);
            break;
        }
        case 'fullscreen': {
            const window = focusedWindow();
            if (window.is_fullscreen())
                window.unmake_fullscreen();
            else
                window.make_fullscreen();
            break;
        }
        default:
            throw new ShellError('UnknownOperation',
                `'${operation}' is not a window operation (activate, close, minimize, maximize, fullscreen)`);
        }
    }

    FocusedApp() {
        const appId = focusedWindow().get_wm_class();
        if (!appId)
            throw new ShellError('NoAppId', 'the focused window has no app id');
        return new GLib.Variant('(s)', [appId]);
    }

    PointerPress([button]) {
        const code = this._button(button);
        if (this._pressed.has(button))
            throw new ShellError('AlreadyPressed', `the ${button} button is already pressed through gesto`);
        this._pointer.notify_button(GLib.get_monotonic_time(), code, Clutter.ButtonState.PRESSED);
        this._pressed.add(button);
    }

    PointerMove([dx, dy]) {
        if (!Number.isFinite(dx) || !Number.isFinite(dy))
            throw new ShellError('InvalidArgs', `the motion (${dx}, ${dy}) is not finite`);
        this._pointer.notify_relative_motion(GLib.get_monotonic_time(), dx, dy);
    }

    PointerRelease([button]) {
        const code = this._button(button);
        if (!this._pressed.has(button))
            throw new ShellError('NotPressed', `the ${button} button was not pressed through gesto`);
        this._pointer.notify_button(GLib.get_monotonic_time(), code, Clutter.ButtonState.RELEASED);
        this._pressed.delete(button);
    }

    _button(button) {
        const code = BUTTONS[button];
        if (code === undefined)
            throw new ShellError('UnknownButton', `'${button}' is not a button (left, middle, right)`);
        return code;
    }

    // Leaves no button held when the extension goes away mid-drag.
    releaseAll() {
        for (const button of this._pressed)
            this._pointer.notify_button(GLib.get_monotonic_time(), BUTTONS[button], Clutter.ButtonState.RELEASED);
        this._pressed.clear();
    }
}

export default class GestoExtension extends Extension {
    enable() {
        this._shell1 = new Shell1();
        const methods = {};
        for (const name of ['Keys', 'Window', 'FocusedApp', 'PointerPress', 'PointerMove', 'PointerRelease']) {
            // The Async form hands over the invocation, so each error gets its own D-Bus name.
            methods[`${name}Async`] = (parameters, invocation) => {
                let result;
                try {
                    result = this._shell1[name](parameters);
                } catch (error) {
                    if (error instanceof ShellError) {
                        invocation.return_dbus_error(error.dbusName, error.message);
                    } else {
                        logError(error, `gesto: ${name}`);
                        invocation.return_dbus_error(`${ERROR}.Failed`, `${name} failed in the shell: ${error.message}`);
                    }
                    return;
                }
                invocation.return_value(result ?? null);
            };
        }
        Object.defineProperty(methods, 'Version', {get: () => this._shell1.Version});
        this._object = Gio.DBusExportedObject.wrapJSObject(INTERFACE, methods);
        this._object.export(Gio.DBus.session, OBJECT_PATH);
        this._nameId = Gio.bus_own_name_on_connection(Gio.DBus.session, BUS_NAME,
            Gio.BusNameOwnerFlags.NONE, null, () => {
                console.warn(`gesto: lost ${BUS_NAME} on the session bus, or could not own it (another owner, or the bus closed)`);
            });
    }

    disable() {
        Gio.bus_unown_name(this._nameId);
        this._object.unexport();
        this._shell1.releaseAll();
        this._shell1 = null;
        this._object = null;
    }
}
