#include "window-motion.hpp"

#include <wayfire/util/log.hpp>
#include <wayfire/view-transform.hpp>

#include <cmath>
#include <cstring>
#include <memory>

namespace gesto_wayfire
{
namespace
{
const char *const transformer_name = "gesto-window-motion";

gesto_rect to_rect(wf::geometry_t g)
{
    return {double(g.x), double(g.y), double(g.width), double(g.height)};
}
}

window_motion_t::~window_motion_t()
{
    drop();
}

bool window_motion_t::grab(wayfire_view new_view, gesto_engine *engine, int binding_index, wf::geometry_t area)
{
    if (motion && (new_view == view) && (binding_index == binding))
    {
        return true; // Mid-flight: the next BEGAN firing grabs it where it is.
    }

    drop();
    start = new_view->get_wm_geometry();
    gesto_rect start_rect = to_rect(start), area_rect = to_rect(area);
    if (gesto_window_motion_new(engine, binding_index, &start_rect, &area_rect, &motion) != GESTO_OK)
    {
        LOGE("gesto: window-motion: ", gesto_last_error_message());
        motion = nullptr;
        return false;
    }

    view = new_view;
    binding = binding_index;
    last_shown = to_rect(start);
    view->add_transformer(std::make_unique<wf::view_2D>(view), transformer_name);
    return true;
}

void window_motion_t::handle(const gesto_recognized& firing)
{
    if (motion && (gesto_window_motion_handle_recognized(motion, &firing) != GESTO_OK))
    {
        LOGE("gesto: window-motion: ", gesto_last_error_message());
    }
}

bool window_motion_t::frame(uint64_t time_usec)
{
    if (!motion)
    {
        return false;
    }

    gesto_rect shown;
    int at_rest = gesto_window_motion_frame(motion, time_usec, &shown);
    if (at_rest < 0)
    {
        LOGE("gesto: window-motion: ", gesto_last_error_message());
        drop();
        return false;
    }

    auto transformer = dynamic_cast<wf::view_2D*>(view->get_transformer(transformer_name).get());
    if (!transformer)
    {
        drop(); // Another plugin removed it, or the view went.
        return false;
    }

    if (at_rest == 1)
    {
        const char *target = gesto_window_motion_target(motion);
        LOGI("gesto: window-motion: at rest at ", std::lround(shown.x), ",", std::lround(shown.y),
            " (", target ? target : "?", ")");
        if (target && std::strcmp(target, "back") != 0)
        {
            view->set_geometry({int(std::lround(shown.x)), int(std::lround(shown.y)),
                int(std::lround(shown.width)), int(std::lround(shown.height))});
        }

        drop();
        return false;
    }

    // Damage only for a new rect: each damage asks for another frame.
    bool moving = gesto_window_motion_target(motion) != nullptr;
    if ((shown.x == last_shown.x) && (shown.y == last_shown.y) && (shown.width == last_shown.width) &&
        (shown.height == last_shown.height))
    {
        return moving;
    }

    last_shown = shown;
    // view_2D scales about the view's centre and translates after: the shown rect's centre
    // and size relative to the geometry the view keeps while it moves.
    view->damage();
    transformer->scale_x = float(shown.width / start.width);
    transformer->scale_y = float(shown.height / start.height);
    transformer->translation_x = float(shown.x + shown.width / 2 - (start.x + start.width / 2.0));
    transformer->translation_y = float(shown.y + shown.height / 2 - (start.y + start.height / 2.0));
    view->damage();
    // A target is set from the release on: the spring needs every frame until it rests.
    return moving;
}

void window_motion_t::drop()
{
    if (view)
    {
        view->damage();
        if (view->get_transformer(transformer_name))
        {
            view->pop_transformer(transformer_name);
        }

        view->damage();
    }

    gesto_window_motion_destroy(motion);
    motion = nullptr;
    view   = nullptr;
    binding = -1;
}
}
