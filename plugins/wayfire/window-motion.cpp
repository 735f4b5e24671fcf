#include "window-motion.hpp"

#include <wayfire/util/log.hpp>

#include <cmath>
#include <cstring>

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

bool window_motion_t::grab(wayfire_toplevel_view new_view, gesto_engine *engine, int binding_index,
    wf::geometry_t area)
{
    if (motion && (new_view.get() == view.lock().get()) && (binding_index == binding))
    {
        return true; // Mid-flight: the next BEGAN firing grabs it where it is.
    }

    drop();
    start = new_view->get_geometry();
    gesto_rect start_rect = to_rect(start), area_rect = to_rect(area);
    if (gesto_window_motion_new(engine, binding_index, &start_rect, &area_rect, &motion) != GESTO_OK)
    {
        LOGE("gesto: window-motion: ", gesto_last_error_message());
        motion = nullptr;
        return false;
    }

    view = new_view->weak_from_this();
    binding    = binding_index;
    last_shown = to_rect(start);
    transformer = std::make_shared<wf::scene::view_2d_transformer_t>(new_view);
    new_view->get_transformed_node()->add_transformer(transformer, wf::TRANSFORMER_2D, transformer_name);
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

    auto shared = view.lock();
    auto toplevel = wf::toplevel_cast(wayfire_view{shared.get()});
    if (!toplevel || !toplevel->is_mapped())
    {
        drop(); // The view went.
        return false;
    }

    auto node = toplevel->get_transformed_node();
    if ( (node->get_transformer<wf::scene::view_2d_transformer_t>(transformer_name) != transformer))
    {
        drop(); // Another plugin removed it.
        return false;
    }

    if (at_rest == 1)
    {
        const char *target = gesto_window_motion_target(motion);
        LOGI("gesto: window-motion: at rest at ", std::lround(shown.x), ",", std::lround(shown.y),
            " (", target ? target : "?", ")");
        if (target && std::strcmp(target, "back") != 0)
        {
            toplevel->set_geometry({int(std::lround(shown.x)), int(std::lround(shown.y)),
                int(std::lround(shown.width)), int(std::lround(shown.height))});
        }

        drop();
        return false;
    }

    // A new transform only for a new rect: each one damages the view for another frame.
    bool moving = gesto_window_motion_target(motion) != nullptr;
    if ((shown.x == last_shown.x) && (shown.y == last_shown.y) && (shown.width == last_shown.width) &&
        (shown.height == last_shown.height))
    {
        return moving;
    }

    last_shown = shown;
    // The 2D transformer scales about the view's centre and translates after: the shown
    // rect's centre and size relative to the geometry the view keeps while it moves.
    node->begin_transform_update();
    transformer->scale_x = float(shown.width / start.width);
    transformer->scale_y = float(shown.height / start.height);
    transformer->translation_x = float(shown.x + shown.width / 2 - (start.x + start.width / 2.0));
    transformer->translation_y = float(shown.y + shown.height / 2 - (start.y + start.height / 2.0));
    node->end_transform_update();
    // A target is set from the release on: the spring needs every frame until it rests.
    return moving;
}

void window_motion_t::drop()
{
    auto shared = view.lock();
    if (shared && transformer)
    {
        auto node = shared->get_transformed_node();
        if (node->get_transformer<wf::scene::view_2d_transformer_t>(transformer_name) == transformer)
        {
            node->rem_transformer(transformer);
        }
    }

    gesto_window_motion_destroy(motion);
    motion = nullptr;
    transformer = nullptr;
    view.reset();
    binding = -1;
}
}
