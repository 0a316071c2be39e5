package cu

// Statuses of the driver API (the values of CUDA's CUresult). Each is an
// error value, so that errors.Is(err, cu.NoDevice) recognises a status in
// any error the package returns.
const (
	Success                    Result = 0
	InvalidValue               Result = 1
	OutOfMemory                Result = 2
	NotInitialized             Result = 3
	Deinitialized              Result = 4
	StubLibrary                Result = 34
	DeviceUnavailable          Result = 46
	NoDevice                   Result = 100
	InvalidDevice              Result = 101
	DeviceNotLicensed          Result = 102
	InvalidImage               Result = 200
	InvalidContext             Result = 201
	NoBinaryForGPU             Result = 209
	UnsupportedLimit           Result = 215
	ContextAlreadyInUse        Result = 216
	PeerAccessUnsupported      Result = 217
	InvalidPTX                 Result = 218
	JITCompilerNotFound        Result = 221
	UnsupportedPTXVersion      Result = 222
	JITCompilationDisabled     Result = 223
	InvalidSource              Result = 300
	FileNotFound               Result = 301
	SharedObjectSymbolNotFound Result = 302
	SharedObjectInitFailed     Result = 303
	OperatingSystem            Result = 304
	InvalidHandle              Result = 400
	IllegalState               Result = 401
	NotFound                   Result = 500
	NotReady                   Result = 600
	IllegalAddress             Result = 700
	LaunchOutOfResources       Result = 701
	LaunchTimeout              Result = 702
	PeerAccessAlreadyEnabled   Result = 704
	PeerAccessNotEnabled       Result = 705
	PrimaryContextActive       Result = 708
	ContextIsDestroyed         Result = 709
	Assert                     Result = 710
	HardwareStackError         Result = 714
	IllegalInstruction         Result = 715
	MisalignedAddress          Result = 716
	InvalidAddressSpace        Result = 717
	InvalidPC                  Result = 718
	LaunchFailed               Result = 719
	CooperativeLaunchTooLarge  Result = 720
	NotPermitted               Result = 800
	NotSupported               Result = 801
	SystemNotReady             Result = 802
	SystemDriverMismatch       Result = 803
	CompatNotSupportedOnDevice Result = 804
	Unknown                    Result = 999
)

// resultTable names and describes the statuses above, for errors that
// arise where the driver is not loaded or cannot describe them itself.
var resultTable = map[Result]struct{ name, text string }{
	Success:                    {"CUDA_SUCCESS", "no error"},
	InvalidValue:               {"CUDA_ERROR_INVALID_VALUE", "an argument is out of its valid range"},
	OutOfMemory:                {"CUDA_ERROR_OUT_OF_MEMORY", "not enough memory for the operation"},
	NotInitialized:             {"CUDA_ERROR_NOT_INITIALIZED", "the driver has not been initialised with cuInit"},
	Deinitialized:              {"CUDA_ERROR_DEINITIALIZED", "the driver is shutting down"},
	StubLibrary:                {"CUDA_ERROR_STUB_LIBRARY", "the loaded driver library is a stub, not the real driver"},
	DeviceUnavailable:          {"CUDA_ERROR_DEVICE_UNAVAILABLE", "the device is busy or unavailable"},
	NoDevice:                   {"CUDA_ERROR_NO_DEVICE", "no CUDA device was found"},
	InvalidDevice:              {"CUDA_ERROR_INVALID_DEVICE", "the device ordinal or handle is not a valid device"},
	DeviceNotLicensed:          {"CUDA_ERROR_DEVICE_NOT_LICENSED", "the device lacks a valid license"},
	InvalidImage:               {"CUDA_ERROR_INVALID_IMAGE", "the module image is not valid"},
	InvalidContext:             {"CUDA_ERROR_INVALID_CONTEXT", "no valid context for the call"},
	NoBinaryForGPU:             {"CUDA_ERROR_NO_BINARY_FOR_GPU", "the module has no code for this device"},
	UnsupportedLimit:           {"CUDA_ERROR_UNSUPPORTED_LIMIT", "the device does not support the limit"},
	ContextAlreadyInUse:        {"CUDA_ERROR_CONTEXT_ALREADY_IN_USE", "the context is already current to another thread"},
	PeerAccessUnsupported:      {"CUDA_ERROR_PEER_ACCESS_UNSUPPORTED", "the devices cannot address each other's memory"},
	InvalidPTX:                 {"CUDA_ERROR_INVALID_PTX", "the JIT compiler rejected the PTX"},
	JITCompilerNotFound:        {"CUDA_ERROR_JIT_COMPILER_NOT_FOUND", "the PTX JIT compiler library is missing"},
	UnsupportedPTXVersion:      {"CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "the PTX is of a newer ISA version than the driver supports"},
	JITCompilationDisabled:     {"CUDA_ERROR_JIT_COMPILATION_DISABLED", "JIT compilation is disabled"},
	InvalidSource:              {"CUDA_ERROR_INVALID_SOURCE", "the kernel source is not valid"},
	FileNotFound:               {"CUDA_ERROR_FILE_NOT_FOUND", "a file was not found"},
	SharedObjectSymbolNotFound: {"CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND", "a symbol of a shared object could not be resolved"},
	SharedObjectInitFailed:     {"CUDA_ERROR_SHARED_OBJECT_INIT_FAILED", "a shared object failed to initialise"},
	OperatingSystem:            {"CUDA_ERROR_OPERATING_SYSTEM", "an operating system call failed"},
	InvalidHandle:              {"CUDA_ERROR_INVALID_HANDLE", "a resource handle is not valid"},
	IllegalState:               {"CUDA_ERROR_ILLEGAL_STATE", "a resource is not in a valid state for the operation"},
	NotFound:                   {"CUDA_ERROR_NOT_FOUND", "a named symbol was not found"},
	NotReady:                   {"CUDA_ERROR_NOT_READY", "the asynchronous operation has not completed yet"},
	IllegalAddress:             {"CUDA_ERROR_ILLEGAL_ADDRESS", "a kernel accessed an illegal memory address"},
	LaunchOutOfResources:       {"CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "the launch needs more resources than the device has"},
	LaunchTimeout:              {"CUDA_ERROR_LAUNCH_TIMEOUT", "the kernel ran past the device's time limit"},
	PeerAccessAlreadyEnabled:   {"CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED", "peer access between the contexts is already enabled"},
	PeerAccessNotEnabled:       {"CUDA_ERROR_PEER_ACCESS_NOT_ENABLED", "peer access between the contexts has not been enabled"},
	PrimaryContextActive:       {"CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE", "the device's primary context is already active"},
	ContextIsDestroyed:         {"CUDA_ERROR_CONTEXT_IS_DESTROYED", "the context has been destroyed"},
	Assert:                     {"CUDA_ERROR_ASSERT", "a device-side assertion failed"},
	HardwareStackError:         {"CUDA_ERROR_HARDWARE_STACK_ERROR", "a kernel overflowed its call stack"},
	IllegalInstruction:         {"CUDA_ERROR_ILLEGAL_INSTRUCTION", "a kernel executed an illegal instruction"},
	MisalignedAddress:          {"CUDA_ERROR_MISALIGNED_ADDRESS", "a kernel accessed a misaligned address"},
	InvalidAddressSpace:        {"CUDA_ERROR_INVALID_ADDRESS_SPACE", "a kernel used an address of the wrong address space"},
	InvalidPC:                  {"CUDA_ERROR_INVALID_PC", "a kernel's program counter became invalid"},
	LaunchFailed:               {"CUDA_ERROR_LAUNCH_FAILED", "a kernel failed while it ran"},
	CooperativeLaunchTooLarge:  {"CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE", "too many blocks for a cooperative launch"},
	NotPermitted:               {"CUDA_ERROR_NOT_PERMITTED", "the operation is not permitted"},
	NotSupported:               {"CUDA_ERROR_NOT_SUPPORTED", "the operation is not supported on this device or system"},
	SystemNotReady:             {"CUDA_ERROR_SYSTEM_NOT_READY", "the system is not ready to run CUDA"},
	SystemDriverMismatch:       {"CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", "the driver library and the kernel module are of different versions"},
	CompatNotSupportedOnDevice: {"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "the forward-compatibility driver does not support this device"},
	Unknown:                    {"CUDA_ERROR_UNKNOWN", "an unknown internal error"},
}

// Statuses of NVRTC (the values of nvrtcResult).
const (
	NVRTCSuccess                 NVRTCResult = 0
	NVRTCOutOfMemory             NVRTCResult = 1
	NVRTCProgramCreationFailure  NVRTCResult = 2
	NVRTCInvalidInput            NVRTCResult = 3
	NVRTCInvalidProgram          NVRTCResult = 4
	NVRTCInvalidOption           NVRTCResult = 5
	NVRTCCompilation             NVRTCResult = 6
	NVRTCBuiltinOperationFailure NVRTCResult = 7
	NVRTCInternalError           NVRTCResult = 11
)

// nvrtcNames names NVRTC's statuses for errors that arise where NVRTC is
// not loaded.
var nvrtcNames = map[NVRTCResult]string{
	NVRTCSuccess:                 "NVRTC_SUCCESS",
	NVRTCOutOfMemory:             "NVRTC_ERROR_OUT_OF_MEMORY",
	NVRTCProgramCreationFailure:  "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
	NVRTCInvalidInput:            "NVRTC_ERROR_INVALID_INPUT",
	NVRTCInvalidProgram:          "NVRTC_ERROR_INVALID_PROGRAM",
	NVRTCInvalidOption:           "NVRTC_ERROR_INVALID_OPTION",
	NVRTCCompilation:             "NVRTC_ERROR_COMPILATION",
	NVRTCBuiltinOperationFailure: "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
	NVRTCInternalError:           "NVRTC_ERROR_INTERNAL_ERROR",
}
