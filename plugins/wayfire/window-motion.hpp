// A `window-motion:` binding on Wayfire: libgesto's window motion (1:1 drag, projected flick,
// spring) decides every rect; this only shows it, with a 2D transformer on the view's scene
// node while the view moves and, once at rest on another target than `back`, the view's new
// geometry.
#pragma once

#include <gesto/gesto.h>

#include <wayfire/toplevel-view.hpp>
#include <wayfire/view-transform.hpp>

#include <cstdint>
#include <memory>

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
     * Grabs @p view for binding @p binding_index of @p engine, within @p area (output-local,
     * as the view's geometry); a view already in motion keeps its motion (a spring in flight
     * stops where it is). False if libgesto refused.
     */
    bool grab(wayfire_toplevel_view view, gesto_engine *engine, int binding_index, wf::geometry_t area);
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

    /** Drops the motion at once: the view shows its geometry, untransformed. */
    void drop();

  private:
    /** The view in motion; a view that went meanwhile ends the motion at the next frame. */
    std::weak_ptr<wf::view_interface_t> view;
    std::shared_ptr<wf::scene::view_2d_transformer_t> transformer;
    gesto_window_motion *motion = nullptr;
    wf::geometry_t start{};
    /** The rect the transformer shows. */
    gesto_rect last_shown{};
    int binding = -1;
};
}
