// Carries out `drag:` firings (GESTO_ACTION_DRAG) through the plugin's seat pointer, as
// gesto.h's "Three-finger drag" tells a host to: the button goes down on BEGAN, the pointer
// moves by the change of the firing's translation on each CHANGED, and the button comes up on
// the final phase. Which phase comes when (the lift timeout, a cancel, another gesture) is
// libgesto's; this only remembers, per binding, whether it pressed and where the pointer got
// to, so that each press has exactly one release.
//
// While the fingers of a drag move, their swipe reaches no client, yet the pointer keeps its
// focus: Wayfire 0.9 and 0.10 forward no event whose signal a plugin marked IGNORE, so the
// plugin needs no grab (which would take the pointer focus) for it.
#pragma once

#include "seat-pointer.hpp"

#include <gesto/gesto.h>

#include <map>

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
}
