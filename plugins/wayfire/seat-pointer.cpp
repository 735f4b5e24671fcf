#include "seat-pointer.hpp"

#include <wayfire/core.hpp>
#include <wayfire/nonstd/wlroots-full.hpp>

extern "C" {
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/interfaces/wlr_pointer.h>
#include <wlr/version.h>
}

namespace gesto_wayfire
{
namespace
{
const wlr_pointer_impl pointer_impl = {
    .name = "gesto-drag-pointer",
};
}

seat_pointer_t::~seat_pointer_t()
{
    destroy();
}

bool seat_pointer_t::create(std::string& error)
{
    if (backend)
    {
        return true;
    }

    auto& core = wf::get_core();
    if (!wlr_backend_is_multi(core.backend))
    {
        error = "Wayfire's backend is not wlroots' multi backend, to which the plugin adds its pointer";
        return false;
    }

#if WLR_VERSION_NUM >= ((0 << 16) | (18 << 8))
    backend = wlr_headless_backend_create(core.ev_loop); // wlroots 0.18 on: Wayfire 0.10
#else
    backend = wlr_headless_backend_create(core.display); // wlroots 0.17: Wayfire 0.9
#endif
    if (!backend)
    {
        error = "wlroots made no headless backend for the plugin's pointer";
        return false;
    }

    on_backend_destroy.set_callback([this] (void*)
    {
        // Wayfire's shutdown destroyed it with the multi backend: the device goes with it.
        on_backend_destroy.disconnect();
        wlr_pointer_finish(&pointer);
        backend = nullptr;
    });
    on_backend_destroy.connect(&backend->events.destroy);

    // Added before the device: the multi backend passes the new_input of its sub-backends on
    // to Wayfire's input manager, which attaches the device to the seat's cursor.
    if (!wlr_multi_backend_add(core.backend, backend))
    {
        error = "Wayfire's backend did not take the plugin's pointer backend";
        on_backend_destroy.disconnect();
        wlr_backend_destroy(backend);
        backend = nullptr;
        return false;
    }

    wlr_pointer_init(&pointer, &pointer_impl, "gesto-drag-pointer");
    wl_signal_emit_mutable(&backend->events.new_input, &pointer.base);
    if ((core.get_current_state() == wf::compositor_state_t::RUNNING) && !wlr_backend_start(backend))
    {
        error = "the plugin's pointer backend did not start";
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
    // The device's destroy signal: Wayfire's input manager removes it from the seat.
    wlr_pointer_finish(&pointer);
    pointer = {};
    wlr_multi_backend_remove(wf::get_core().backend, gone);
    wlr_backend_destroy(gone);
}

void seat_pointer_t::button(uint32_t time_msec, uint32_t button, bool pressed)
{
    if (!backend)
    {
        return;
    }

    wlr_pointer_button_event event = {};
    event.pointer   = &pointer;
    event.time_msec = time_msec;
    event.button    = button;
#if WLR_VERSION_NUM >= ((0 << 16) | (18 << 8)) // wlroots 0.18 took wlr_button_state's place
    event.state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED;
#else
    event.state = pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED;
#endif
    wl_signal_emit_mutable(&pointer.events.button, &event);
    frame();
}

void seat_pointer_t::motion(uint32_t time_msec, double dx, double dy)
{
    if (!backend)
    {
        return;
    }

    wlr_pointer_motion_event event = {};
    event.pointer   = &pointer;
    event.time_msec = time_msec;
    event.delta_x   = dx;
    event.delta_y   = dy;
    // Only the accelerated travel is known: relative-pointer clients get it as both.
    event.unaccel_dx = dx;
    event.unaccel_dy = dy;
    wl_signal_emit_mutable(&pointer.events.motion, &event);
    frame();
}

void seat_pointer_t::frame()
{
    // wl_pointer.frame: the client applies the events before it as one.
    wl_signal_emit_mutable(&pointer.events.frame, &pointer);
}
}
