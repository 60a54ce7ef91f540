/* mapcheck's `helper_timer.h` (no NVIDIA text): the CUDA samples' timers, for host code. */
#ifndef __MAPCHECK_HELPER_TIMER_H
#define __MAPCHECK_HELPER_TIMER_H
#include "__mapcheck_cuda.h"
class StopWatchInterface {
public:
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual void reset() = 0;
  virtual float getTime() = 0;
  virtual float getAverageTime() = 0;
};
__host__ bool sdkCreateTimer(StopWatchInterface **timer);
__host__ bool sdkDeleteTimer(StopWatchInterface **timer);
__host__ bool sdkStartTimer(StopWatchInterface **timer);
__host__ bool sdkStopTimer(StopWatchInterface **timer);
__host__ bool sdkResetTimer(StopWatchInterface **timer);
__host__ float sdkGetTimerValue(StopWatchInterface **timer);
__host__ float sdkGetAverageTimerValue(StopWatchInterface **timer);
#endif
