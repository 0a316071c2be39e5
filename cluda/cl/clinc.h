#ifndef REIKNA_CLINC_H
#define REIKNA_CLINC_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <stdlib.h>

/* Queries newer than the 1.2 headers expose. */
#define REIKNA_CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE 0x1067
#define REIKNA_CL_DEVICE_WARP_SIZE_NV 0x4003

#endif
