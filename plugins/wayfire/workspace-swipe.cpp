#include "workspace-swipe.hpp"

#include <wayfire/util/log.hpp>
#include <wayfire/render-manager.hpp>
#include <wayfire/workspace-set.hpp>

#include <cmath>

namespace gesto_wayfire
{
namespace
{
/** The binding's grid step, or false (logged) if libgesto does not know it as a workspace binding. */
bool binding_step(gesto_engine *engine, int binding_index, wf::point_t& step)
{
    int32_t dx = 0, dy = 0;
    double distance = 0;
    if (gesto_engine_binding_workspace(engine, binding_index, &dx, &dy, &distance) != GESTO_OK)
    {
        LOGE("gesto: workspace: ", gesto_last_error_message());
        return false;
    }

    step = {dx, dy};
    return true;
}

bool on_grid(wf::output_t *output, wf::point_t ws)
{
    auto grid = output->wset()->get_workspace_grid_size();
    return (ws.x >= 0) && (ws.y >= 0) && (ws.x < grid.width) && (ws.y < grid.height);
}
}

workspace_swipe_t::~workspace_swipe_t()
{
    drop();
}

bool workspace_swipe_t::grab(wf::output_t *new_output, gesto_engine *engine, int binding_index)
{
    if (swipe && (new_output == output) && (binding_index == binding))
    {
        return true; // Mid-flight: the BEGAN firing takes hold where the spring is.
    }

    drop();
    wf::point_t new_step;
    if (!binding_step(engine, binding_index, new_step))
    {
        return false;
    }

    auto from = new_output->wset()->get_current_workspace();
    wf::point_t to = {from.x + new_step.x, from.y + new_step.y};
    if (gesto_workspace_swipe_new(engine, binding_index, on_grid(new_output, to) ? 1 : 0, &swipe) != GESTO_OK)
    {
        LOGE("gesto: workspace: ", gesto_last_error_message());
        swipe = nullptr;
        return false;
    }

    output  = new_output;
    start   = from;
    step    = new_step;
    binding = binding_index;
    last_progress = -1e9;
    wall = std::make_unique<wf::workspace_wall_t>(output);
    wall->set_background_color({0.1, 0.1, 0.1, 1});
    wall->set_gap_size(0);
    wall->set_viewport(wall->get_workspace_rectangle(start));
    wall->start_output_renderer();
    LOGI("gesto: workspace: swiping from ", start.x, ",", start.y, " toward ", to.x, ",", to.y,
        on_grid(output, to) ? "" : " (no workspace there)");
    return true;
}

void workspace_swipe_t::handle(const gesto_recognized& firing)
{
    if (swipe && (gesto_workspace_swipe_handle_recognized(swipe, &firing) != GESTO_OK))
    {
        LOGE("gesto: workspace: ", gesto_last_error_message());
    }
}

bool workspace_swipe_t::frame(uint64_t time_usec)
{
    if (!swipe)
    {
        return false;
    }

    double progress = 0;
    int at_rest = gesto_workspace_swipe_frame(swipe, time_usec, &progress);
    if (at_rest < 0)
    {
        LOGE("gesto: workspace: ", gesto_last_error_message());
        drop();
        return false;
    }

    int target = gesto_workspace_swipe_target(swipe);
    if (at_rest == 1)
    {
        if (target == GESTO_WORKSPACE_NEIGHBOUR)
        {
            output->wset()->set_workspace({start.x + step.x, start.y + step.y});
        }

        auto now = output->wset()->get_current_workspace();
        LOGI("gesto: workspace: at rest on ", now.x, ",", now.y,
            target == GESTO_WORKSPACE_NEIGHBOUR ? "" : " (back)");
        drop();
        return false;
    }

    // A new viewport only for a new progress: each one damages the output for another frame.
    if (progress != last_progress)
    {
        last_progress = progress;
        auto rect = wall->get_workspace_rectangle(start);
        rect.x += int(std::lround(progress * step.x * rect.width));
        rect.y += int(std::lround(progress * step.y * rect.height));
        wall->set_viewport(rect);
        output->render->damage_whole();
    }

    // From the release on, the spring needs every frame until it rests.
    return target != GESTO_WORKSPACE_NONE;
}

void workspace_swipe_t::drop()
{
    if (wall)
    {
        wall->stop_output_renderer(true);
        wall.reset();
    }

    if (output)
    {
        output->render->damage_whole();
    }

    gesto_workspace_swipe_destroy(swipe);
    swipe   = nullptr;
    output  = nullptr;
    binding = -1;
}

void switch_workspace(wf::output_t *output, wf::point_t step)
{
    auto from = output->wset()->get_current_workspace();
    wf::point_t to = {from.x + step.x, from.y + step.y};
    if (!on_grid(output, to))
    {
        LOGI("gesto: workspace: no workspace at ", to.x, ",", to.y);
        return;
    }

    output->wset()->set_workspace(to);
    LOGI("gesto: workspace: switched to ", to.x, ",", to.y);
}
}
