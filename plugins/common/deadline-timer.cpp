#include "deadline-timer.hpp"

#include <ctime>

namespace gesto_host
{
uint64_t monotonic_usec()
{
    timespec now = {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return uint64_t(now.tv_sec) * 1000000u + uint64_t(now.tv_nsec) / 1000u;
}

deadline_timer_t::deadline_timer_t(wl_event_loop *loop, gesto_engine *engine) :
    engine(engine), source(wl_event_loop_add_timer(loop, on_timer, this))
{}

deadline_timer_t::~deadline_timer_t()
{
    if (source)
    {
        wl_event_source_remove(source);
    }
}

void deadline_timer_t::arm()
{
    if (!source)
    {
        return;
    }

    uint64_t deadline = 0;
    if (gesto_engine_next_deadline_usec(engine, &deadline) != GESTO_OK)
    {
        wl_event_source_timer_update(source, 0); // 0 disarms
        return;
    }

    // Whole milliseconds, rounded up so that the deadline has passed when it fires; 1 for
    // one already past (0 would disarm it).
    const uint64_t now = monotonic_usec();
    wl_event_source_timer_update(source, deadline > now ? int((deadline - now + 999) / 1000) : 1);
}

int deadline_timer_t::on_timer(void *data)
{
    auto self = static_cast<deadline_timer_t*>(data);
    gesto_engine_dispatch_deadline(self->engine, monotonic_usec());
    self->arm();
    return 0;
}
}
