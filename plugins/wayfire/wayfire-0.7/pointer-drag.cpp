#include "pointer-drag.hpp"

#include <wayfire/core.hpp>
#include <wayfire/nonstd/wlroots-full.hpp>
#include <wayfire/util/log.hpp>

namespace gesto_wayfire
{
namespace
{
uint32_t msec(uint64_t time_usec)
{
    // wl_pointer times are milliseconds that wrap, as libinput's.
    return uint32_t(time_usec / 1000u);
}
}

void pointer_drag_t::handle(const gesto_recognized& firing, uint32_t button)
{
    const int index = firing.binding_index;
    auto it = held.find(index);
    switch (firing.phase)
    {
      case GESTO_PHASE_BEGAN:
        if (it == held.end())
        {
            held[index] = {button, firing.translation_x, firing.translation_y};
            pointer.button(msec(firing.time_usec), button, true);
            LOGI("gesto: drag: button ", button, " down");
        }

        break;

      case GESTO_PHASE_CHANGED:
        if (it != held.end())
        {
            const double dx = firing.translation_x - it->second.x;
            const double dy = firing.translation_y - it->second.y;
            it->second.x = firing.translation_x;
            it->second.y = firing.translation_y;
            pointer.motion(msec(firing.time_usec), dx, dy);
        }

        break;

      case GESTO_PHASE_ENDED:
      case GESTO_PHASE_FAILED:
      case GESTO_PHASE_CANCELLED:
        if (it != held.end())
        {
            const uint32_t up = it->second.button;
            held.erase(it);
            pointer.button(msec(firing.time_usec), up, false);
            LOGI("gesto: drag: button ", up, " up (", firing.phase == GESTO_PHASE_ENDED ? "ended" : "cancelled", ")");
        }

        break;

      case GESTO_PHASE_ARMING:
      default:
        break;
    }
}

void pointer_drag_t::release_all(uint64_t time_usec)
{
    for (auto& [index, state] : held)
    {
        pointer.button(msec(time_usec), state.button, false);
        LOGI("gesto: drag: button ", state.button, " up (released by the plugin)");
    }

    held.clear();
}

hidden_swipes_t::hidden_swipes_t()
{
    wl_list_init(&aside);
}

hidden_swipes_t::~hidden_swipes_t()
{
    restore();
}

void hidden_swipes_t::hide()
{
    auto gestures = wf::get_core().protocols.pointer_gestures;
    if (hidden || !gestures)
    {
        return;
    }

    wl_list_insert_list(&aside, &gestures->swipes);
    wl_list_init(&gestures->swipes);
    hidden = true;
}

void hidden_swipes_t::restore()
{
    auto gestures = wf::get_core().protocols.pointer_gestures;
    if (!hidden || !gestures)
    {
        return;
    }

    wl_list_insert_list(&gestures->swipes, &aside);
    wl_list_init(&aside);
    hidden = false;
}
}
