// Carries out `drag:` firings (GESTO_ACTION_DRAG) through the plugin's seat pointer, as
// gesto.h's "Three-finger drag" tells a host to: the button goes down on BEGAN, the pointer
// moves by the change of the firing's translation on each CHANGED, and the button comes up on
// the final phase. Which phase comes when (the lift timeout, a cancel, another gesture) is
// libgesto's; this only remembers, per binding, whether it pressed and where the pointer got
// to, so that each press has exactly one release.
//
// While the fingers of a drag move, their swipe must reach no client, yet the pointer must
// keep its focus (a grab would take it). Wayfire 0.7.4 forwards a swipe to the focused client
// whatever its signal's processing mode (pointer.cpp, handle_pointer_swipe_*, which call
// wlr_pointer_gestures_v1_send_swipe_* unconditionally), and wlroots sends it to every
// swipe object of that client listed in wlr_pointer_gestures_v1.swipes. hidden_swipes_t sets
// that list aside between the signal Wayfire emits before forwarding an event and the _post
// one it emits after, so the forwarding finds no swipe object to send to.
#pragma once

#include "seat-pointer.hpp"

#include <gesto/gesto.h>

#include <map>
#include <wayland-server-core.h>

namespace gesto_wayfire
{
class pointer_drag_t
{
  public:
    explicit pointer_drag_t(seat_pointer_t& pointer) : pointer(pointer)
    {}

    /** One firing of binding @p firing.binding_index, a `drag:` holding @p button. */
    void handle(const gesto_recognized& firing, uint32_t button);
    /** Whether a button is down. */
    bool holding() const
    {
        return !held.empty();
    }

    /** Releases every button still down (when the device goes before libgesto's release). */
    void release_all(uint64_t time_usec);

  private:
    struct held_t
    {
        uint32_t button;
        double x, y; // the firing's translation at the last motion
    };

    seat_pointer_t& pointer;
    std::map<int, held_t> held;
};

/** The swipe objects of every client, set aside while Wayfire forwards one swipe event. */
class hidden_swipes_t
{
  public:
    hidden_swipes_t();
    ~hidden_swipes_t();
    hidden_swipes_t(const hidden_swipes_t&) = delete;
    hidden_swipes_t& operator=(const hidden_swipes_t&) = delete;

    /** In the event's signal, before Wayfire forwards it. */
    void hide();
    /** In its _post signal (and on unload): the objects are back. */
    void restore();

  private:
    bool hidden = false;
    /** The objects set aside; a client that destroys one meanwhile unlinks it from here. */
    wl_list aside;
};
}
