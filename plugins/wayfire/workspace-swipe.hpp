// A `workspace:` binding on Wayfire: libgesto's workspace swipe (1:1 following, the decision
// to go on or back, the spring) decides every progress; this only shows it, on a workspace
// wall whose viewport slides from the workspace the swipe started on toward its neighbour,
// and switches workspace once libgesto's spring rests on the neighbour.
#pragma once

#include <gesto/gesto.h>

#include <wayfire/output.hpp>
#include <wayfire/plugins/common/workspace-wall.hpp>

#include <cstdint>
#include <memory>

namespace gesto_wayfire
{
class workspace_swipe_t
{
  public:
    workspace_swipe_t() = default;
    workspace_swipe_t(const workspace_swipe_t&) = delete;
    workspace_swipe_t& operator =(const workspace_swipe_t&) = delete;
    ~workspace_swipe_t();

    /**
     * Starts a swipe of binding @p binding_index on @p output, from its current workspace; a
     * swipe of the same binding still in flight continues from where its spring is. False if
     * libgesto refused.
     */
    bool grab(wf::output_t *output, gesto_engine *engine, int binding_index);
    /** Feeds a firing of the binding. */
    void handle(const gesto_recognized& firing);
    /**
     * Shows the frame at @p time_usec. Returns whether another frame is needed: true while the
     * spring moves, false while the fingers hold on (the next firing asks for the next frame)
     * and once at rest (the swipe is then over, on the neighbour or back).
     */
    bool frame(uint64_t time_usec);
    /** Whether a swipe is shown. */
    bool active() const
    {
        return swipe != nullptr;
    }

    /** Ends the swipe at once, on the workspace it started on. */
    void drop();

  private:
    wf::output_t *output = nullptr;
    std::unique_ptr<wf::workspace_wall_t> wall;
    gesto_workspace_swipe *swipe = nullptr;
    wf::point_t start{0, 0};
    wf::point_t step{0, 0};
    int binding = -1;
    double last_progress = -1e9;
};

/**
 * Switches @p output at once to the workspace @p step away from its current one (a
 * GESTO_EFFECT_SWITCH_WORKSPACE: a workspace binding fired in another mode than continuous).
 */
void switch_workspace(wf::output_t *output, wf::point_t step);
}
