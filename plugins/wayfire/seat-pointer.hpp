// A pointer device of the plugin's own, which Wayfire's core takes as it takes a mouse: its
// motion and buttons go through the seat's whole path (bindings, grabs such as the move a
// title bar drag starts, the implicit grab of a held button, the focused client), so a
// `drag:` binding's button acts exactly as a physical one held down.
//
// Wayfire 0.9 and 0.10 have no API to inject pointer input, but they add every input device
// their (multi) backend announces. The plugin makes a wlroots headless backend of its own,
// adds it to Wayfire's multi backend (wlr_multi_backend_add) and announces a wlr_pointer it
// initialised itself (wlr_pointer_init) as that backend's new input, which the multi backend
// passes on to Wayfire's input manager: the way Wayfire's own stipc plugin makes its test
// devices. Its events are emitted on the wlr_pointer's signals, which the seat's wlr_cursor
// listens to as for any attached device.
#pragma once

#include <cstdint>
#include <string>

#include <wayfire/util.hpp>

extern "C" {
#include <wlr/types/wlr_pointer.h>
}

struct wlr_backend;
struct wlr_input_device;

namespace gesto_wayfire
{
class seat_pointer_t
{
  public:
    seat_pointer_t() = default;
    seat_pointer_t(const seat_pointer_t&) = delete;
    seat_pointer_t& operator=(const seat_pointer_t&) = delete;
    ~seat_pointer_t();

    /** Makes the device; false with @p error saying why. */
    bool create(std::string& error);
    /** Removes the device (Wayfire sees it go). */
    void destroy();
    bool exists() const
    {
        return backend != nullptr;
    }

    /** Whether @p dev is this device (Wayfire announces its removal as any other's). */
    bool owns(const wlr_input_device *dev) const
    {
        return exists() && dev && (dev == &pointer.base);
    }

    /** @p button is an evdev BTN_* code, as wl_pointer.button carries it. */
    void button(uint32_t time_msec, uint32_t button, bool pressed);
    /** Relative motion in pointer pixels (wlroots' accelerated units), then a frame. */
    void motion(uint32_t time_msec, double dx, double dy);

  private:
    wlr_backend *backend = nullptr;
    wlr_pointer pointer{};
    /** Wayfire's multi backend destroys its sub-backends (ours too) when it shuts down. */
    wf::wl_listener_wrapper on_backend_destroy;

    void frame();
};
}
