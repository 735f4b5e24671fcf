#include "seat-pointer.hpp"

#include <wayfire/core.hpp>
#include <wayfire/nonstd/wlroots-full.hpp>

extern "C" {
#include <wlr/backend/multi.h>
}

namespace gesto_wayfire
{
seat_pointer_t::~seat_pointer_t()
{
    destroy();
}

bool seat_pointer_t::create(std::string& error)
{
    if (device)
    {
        return true;
    }

    auto& core = wf::get_core();
    if (!wlr_backend_is_multi(core.backend))
    {
        error = "Wayfire's backend is not wlroots' multi backend, to which the plugin adds its pointer";
        return false;
    }

    backend = wlr_headless_backend_create(core.display);
    if (!backend)
    {
        error = "wlroots made no headless backend for the plugin's pointer";
        return false;
    }

    on_backend_destroy.set_callback([this] (void*)
    {
        // Wayfire's shutdown destroyed it with the multi backend, and its device with it.
        on_backend_destroy.disconnect();
        backend = nullptr;
        device  = nullptr;
    });
    on_backend_destroy.connect(&backend->events.destroy);

    // Added before the device: the multi backend passes the new_input of its sub-backends on
    // to Wayfire's input manager, which attaches the device to the seat's cursor.
    if (!wlr_multi_backend_add(core.backend, backend) || !wlr_backend_start(backend))
    {
        error = "Wayfire's backend did not take the plugin's pointer backend";
        destroy();
        return false;
    }

    device = wlr_headless_add_input_device(backend, WLR_INPUT_DEVICE_POINTER);
    if (!device)
    {
        error = "wlroots made no pointer device for the plugin";
        destroy();
        return false;
    }

    return true;
}

void seat_pointer_t::destroy()
{
    if (!backend)
    {
        return;
    }

    on_backend_destroy.disconnect();
    auto gone = backend;
    backend = nullptr;
    device  = nullptr;
    // Destroys the device (Wayfire's input manager removes it from the seat) and leaves the
    // multi backend (which listens to its sub-backends' destroy).
    wlr_backend_destroy(gone);
}

void seat_pointer_t::button(uint32_t time_msec, uint32_t button, bool pressed)
{
    if (!device)
    {
        return;
    }

    wlr_event_pointer_button event = {};
    event.device    = device;
    event.time_msec = time_msec;
    event.button    = button;
    event.state     = pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED;
    wl_signal_emit(&device->pointer->events.button, &event);
    frame();
}

void seat_pointer_t::motion(uint32_t time_msec, double dx, double dy)
{
    if (!device)
    {
        return;
    }

    wlr_event_pointer_motion event = {};
    event.device    = device;
    event.time_msec = time_msec;
    event.delta_x   = dx;
    event.delta_y   = dy;
    // Only the accelerated travel is known: relative-pointer clients get it as both.
    event.unaccel_dx = dx;
    event.unaccel_dy = dy;
    wl_signal_emit(&device->pointer->events.motion, &event);
    frame();
}

void seat_pointer_t::frame()
{
    // wl_pointer.frame: the client applies the events before it as one.
    wl_signal_emit(&device->pointer->events.frame, device->pointer);
}
}
