// Code generated from the Khronos cl.h error codes; DO NOT EDIT.

package cl

// Status codes returned by OpenCL calls. Each is an error value, so that
// errors.Is(err, cl.BuildProgramFailure) tells a failed build from others.
const (
	Success                            Status = 0
	DeviceNotFound                     Status = -1
	DeviceNotAvailable                 Status = -2
	CompilerNotAvailable               Status = -3
	MemObjectAllocationFailure         Status = -4
	OutOfResources                     Status = -5
	OutOfHostMemory                    Status = -6
	ProfilingInfoNotAvailable          Status = -7
	MemCopyOverlap                     Status = -8
	ImageFormatMismatch                Status = -9
	ImageFormatNotSupported            Status = -10
	BuildProgramFailure                Status = -11
	MapFailure                         Status = -12
	MisalignedSubBufferOffset          Status = -13
	ExecStatusErrorForEventsInWaitList Status = -14
	CompileProgramFailure              Status = -15
	LinkerNotAvailable                 Status = -16
	LinkProgramFailure                 Status = -17
	DevicePartitionFailed              Status = -18
	KernelArgInfoNotAvailable          Status = -19
	InvalidValue                       Status = -30
	InvalidDeviceType                  Status = -31
	InvalidPlatform                    Status = -32
	InvalidDevice                      Status = -33
	InvalidContext                     Status = -34
	InvalidQueueProperties             Status = -35
	InvalidCommandQueue                Status = -36
	InvalidHostPtr                     Status = -37
	InvalidMemObject                   Status = -38
	InvalidImageFormatDescriptor       Status = -39
	InvalidImageSize                   Status = -40
	InvalidSampler                     Status = -41
	InvalidBinary                      Status = -42
	InvalidBuildOptions                Status = -43
	InvalidProgram                     Status = -44
	InvalidProgramExecutable           Status = -45
	InvalidKernelName                  Status = -46
	InvalidKernelDefinition            Status = -47
	InvalidKernel                      Status = -48
	InvalidArgIndex                    Status = -49
	InvalidArgValue                    Status = -50
	InvalidArgSize                     Status = -51
	InvalidKernelArgs                  Status = -52
	InvalidWorkDimension               Status = -53
	InvalidWorkGroupSize               Status = -54
	InvalidWorkItemSize                Status = -55
	InvalidGlobalOffset                Status = -56
	InvalidEventWaitList               Status = -57
	InvalidEvent                       Status = -58
	InvalidOperation                   Status = -59
	InvalidGLObject                    Status = -60
	InvalidBufferSize                  Status = -61
	InvalidMipLevel                    Status = -62
	InvalidGlobalWorkSize              Status = -63
	InvalidProperty                    Status = -64
	InvalidImageDescriptor             Status = -65
	InvalidCompilerOptions             Status = -66
	InvalidLinkerOptions               Status = -67
	InvalidDevicePartitionCount        Status = -68
	InvalidPipeSize                    Status = -69
	InvalidDeviceQueue                 Status = -70
	InvalidSpecId                      Status = -71
	MaxSizeRestrictionExceeded         Status = -72
)

var statusNames = map[Status]string{
	Success:                            "CL_SUCCESS",
	DeviceNotFound:                     "CL_DEVICE_NOT_FOUND",
	DeviceNotAvailable:                 "CL_DEVICE_NOT_AVAILABLE",
	CompilerNotAvailable:               "CL_COMPILER_NOT_AVAILABLE",
	MemObjectAllocationFailure:         "CL_MEM_OBJECT_ALLOCATION_FAILURE",
	OutOfResources:                     "CL_OUT_OF_RESOURCES",
	OutOfHostMemory:                    "CL_OUT_OF_HOST_MEMORY",
	ProfilingInfoNotAvailable:          "CL_PROFILING_INFO_NOT_AVAILABLE",
	MemCopyOverlap:                     "CL_MEM_COPY_OVERLAP",
	ImageFormatMismatch:                "CL_IMAGE_FORMAT_MISMATCH",
	ImageFormatNotSupported:            "CL_IMAGE_FORMAT_NOT_SUPPORTED",
	BuildProgramFailure:                "CL_BUILD_PROGRAM_FAILURE",
	MapFailure:                         "CL_MAP_FAILURE",
	MisalignedSubBufferOffset:          "CL_MISALIGNED_SUB_BUFFER_OFFSET",
	ExecStatusErrorForEventsInWaitList: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
	CompileProgramFailure:              "CL_COMPILE_PROGRAM_FAILURE",
	LinkerNotAvailable:                 "CL_LINKER_NOT_AVAILABLE",
	LinkProgramFailure:                 "CL_LINK_PROGRAM_FAILURE",
	DevicePartitionFailed:              "CL_DEVICE_PARTITION_FAILED",
	KernelArgInfoNotAvailable:          "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
	InvalidValue:                       "CL_INVALID_VALUE",
	InvalidDeviceType:                  "CL_INVALID_DEVICE_TYPE",
	InvalidPlatform:                    "CL_INVALID_PLATFORM",
	InvalidDevice:                      "CL_INVALID_DEVICE",
	InvalidContext:                     "CL_INVALID_CONTEXT",
	InvalidQueueProperties:             "CL_INVALID_QUEUE_PROPERTIES",
	InvalidCommandQueue:                "CL_INVALID_COMMAND_QUEUE",
	InvalidHostPtr:                     "CL_INVALID_HOST_PTR",
	InvalidMemObject:                   "CL_INVALID_MEM_OBJECT",
	InvalidImageFormatDescriptor:       "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
	InvalidImageSize:                   "CL_INVALID_IMAGE_SIZE",
	InvalidSampler:                     "CL_INVALID_SAMPLER",
	InvalidBinary:                      "CL_INVALID_BINARY",
	InvalidBuildOptions:                "CL_INVALID_BUILD_OPTIONS",
	InvalidProgram:                     "CL_INVALID_PROGRAM",
	InvalidProgramExecutable:           "CL_INVALID_PROGRAM_EXECUTABLE",
	InvalidKernelName:                  "CL_INVALID_KERNEL_NAME",
	InvalidKernelDefinition:            "CL_INVALID_KERNEL_DEFINITION",
	InvalidKernel:                      "CL_INVALID_KERNEL",
	InvalidArgIndex:                    "CL_INVALID_ARG_INDEX",
	InvalidArgValue:                    "CL_INVALID_ARG_VALUE",
	InvalidArgSize:                     "CL_INVALID_ARG_SIZE",
	InvalidKernelArgs:                  "CL_INVALID_KERNEL_ARGS",
	InvalidWorkDimension:               "CL_INVALID_WORK_DIMENSION",
	InvalidWorkGroupSize:               "CL_INVALID_WORK_GROUP_SIZE",
	InvalidWorkItemSize:                "CL_INVALID_WORK_ITEM_SIZE",
	InvalidGlobalOffset:                "CL_INVALID_GLOBAL_OFFSET",
	InvalidEventWaitList:               "CL_INVALID_EVENT_WAIT_LIST",
	InvalidEvent:                       "CL_INVALID_EVENT",
	InvalidOperation:                   "CL_INVALID_OPERATION",
	InvalidGLObject:                    "CL_INVALID_GL_OBJECT",
	InvalidBufferSize:                  "CL_INVALID_BUFFER_SIZE",
	InvalidMipLevel:                    "CL_INVALID_MIP_LEVEL",
	InvalidGlobalWorkSize:              "CL_INVALID_GLOBAL_WORK_SIZE",
	InvalidProperty:                    "CL_INVALID_PROPERTY",
	InvalidImageDescriptor:             "CL_INVALID_IMAGE_DESCRIPTOR",
	InvalidCompilerOptions:             "CL_INVALID_COMPILER_OPTIONS",
	InvalidLinkerOptions:               "CL_INVALID_LINKER_OPTIONS",
	InvalidDevicePartitionCount:        "CL_INVALID_DEVICE_PARTITION_COUNT",
	InvalidPipeSize:                    "CL_INVALID_PIPE_SIZE",
	InvalidDeviceQueue:                 "CL_INVALID_DEVICE_QUEUE",
	InvalidSpecId:                      "CL_INVALID_SPEC_ID",
	MaxSizeRestrictionExceeded:         "CL_MAX_SIZE_RESTRICTION_EXCEEDED",
}
