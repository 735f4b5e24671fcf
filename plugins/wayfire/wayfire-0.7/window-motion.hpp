// A `window-motion:` binding on Wayfire: libgesto's window motion (1:1 drag, projected flick,
// spring) decides every rect; this only shows it, with a view_2D transformer while the view
// moves and, once at rest on another target than `back`, the view's new geometry.
#pragma once

#include <gesto/gesto.h>

#include <wayfire/view.hpp>

#include <cstdint>

namespace gesto_wayfire
{
class window_motion_t
{
  public:
    window_motion_t() = default;
    window_motion_t(const window_motion_t&) = delete;
    window_motion_t& operator =(const window_motion_t&) = delete;
    ~window_motion_t();

    /**
     * Grabs @p view for binding @p binding_index of @p engine; a view already in motion
     * keeps its motion (a spring in flight stops where it is). False if libgesto refused.
     */
    bool grab(wayfire_view view, gesto_engine *engine, int binding_index, wf::geometry_t area);
    /** Feeds a firing of the binding. */
    void handle(const gesto_recognized& firing);
    /**
     * Shows the frame at @p time_usec. Returns whether another frame is needed: true while
     * the spring moves, false while the fingers hold the window (the next firing asks for
     * the next frame) and once at rest (the motion is then over).
     */
    bool frame(uint64_t time_usec);
    /** Whether a view is in motion. */
    bool active() const
    {
        return motion != nullptr;
    }

    wayfire_view current_view() const
    {
        return view;
    }

    /** Drops the motion at once: the view shows its geometry, untransformed. */
    void drop();

  private:
    wayfire_view view = nullptr;
    gesto_window_motion *motion = nullptr;
    wf::geometry_t start{};
    /** The rect the transformer shows. */
    gesto_rect last_shown{};
    int binding = -1;
};
}
