# Sourced by the device commands: NVIDIA's OpenCL driver registered, the
# CUDA driver and NVRTC found, NVLink multicast off, VkFFT's header carried.
export OCL_ICD_VENDORS=$(mktemp -d) && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > $OCL_ICD_VENDORS/nvidia.icd
export NCCL_NVLS_ENABLE=0 PYTHONUNBUFFERED=1
CUDA_T=/usr/local/cuda-13.0/targets/x86_64-linux
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:$CUDA_T/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export C_INCLUDE_PATH=$CUDA_T/include${C_INCLUDE_PATH:+:$C_INCLUDE_PATH}
export LIBRARY_PATH=$CUDA_T/lib${LIBRARY_PATH:+:$LIBRARY_PATH}
export VKFFT_INCLUDE=$PWD/.devbin/vkfft/include
