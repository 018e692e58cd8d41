# Install (GNUInstallDirs; `cmake --install BUILD [--prefix P]`, DESTDIR honoured):
#   lib/          libphosphene.so.MAJOR (SONAME; only phosphene_* exported), libphosphene.a,
#                 pkgconfig/phosphene.pc, cmake/Phosphene/ (Phosphene::phosphene = shared,
#                 Phosphene::phosphene_static = static)
#   include/phosphene/   the public headers
#   share/phosphene/     presets/ (ours), textures/ (the default texture folder), phosphene.toml
#                        (the player's commented default configuration; apps/phosphene/play)
# Fonts are never installed: the overlay resolves them from the system (fontconfig,
# fonts-dejavu). tests/install checks all of it from a scratch prefix.
include(CMakePackageConfigHelpers)

install(TARGETS phosphene EXPORT PhospheneTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/src/libphosphene.a DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/phosphene DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# Data. The library finds this folder relative to its own file (src/capi/DataDir.cpp), so the
# layout below is part of its contract: <datadir>/phosphene/{presets,textures}.
set(PHOSPHENE_INSTALL_DATA_DIR ${CMAKE_INSTALL_DATADIR}/phosphene)
if(EXISTS ${PROJECT_SOURCE_DIR}/presets)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/presets/ DESTINATION ${PHOSPHENE_INSTALL_DATA_DIR}/presets
    FILES_MATCHING PATTERN "*.milk")
endif()
# The default texture folder (phosphene_engine_get_texture_search_path's default): Phosphene has no
# textures of its own yet, so it holds only its README, which says what goes there.
install(FILES ${PROJECT_SOURCE_DIR}/data/textures/README
  DESTINATION ${PHOSPHENE_INSTALL_DATA_DIR}/textures)

# The static library's own dependencies, as linker flags (phosphene.pc's Libs.private and the
# static imported target). Libraries only, no Requires.private: that would add kissfft's compile
# flags (-Dkiss_fft_scalar=float) to every host's `pkg-config --cflags`, which the public header
# never needs. Each optional stage reports its own part (PHOSPHENE_*_LIBS_PRIVATE).
set(static_libs "-lkissfft-float")
if(PHOSPHENE_LIBMVEC AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  string(APPEND static_libs " -lmvec")  # src/eel: glibc's vector math for the batch evaluator
endif()
string(APPEND static_libs "${PHOSPHENE_TEXT_LIBS_PRIVATE}${PHOSPHENE_SHADER_LIBS_PRIVATE}")
if(PHOSPHENE_GLES_ONLY)
  string(APPEND static_libs " -lGLESv2")
else()
  string(APPEND static_libs " -lepoxy")
endif()
foreach(lib ${CMAKE_DL_LIBS})
  string(APPEND static_libs " -l${lib}")
endforeach()
string(APPEND static_libs " -lstdc++ -lm -lpthread")
set(PHOSPHENE_LIBS_PRIVATE "${static_libs}")

# CMake package. Phosphene::phosphene comes from the export set; the static archive is not a
# CMake target of ours (it is merged with ar, src/CMakeLists.txt), so PhospheneConfig.cmake
# declares Phosphene::phosphene_static itself.
install(EXPORT PhospheneTargets NAMESPACE Phosphene::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Phosphene)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/PhospheneConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
separate_arguments(PHOSPHENE_STATIC_LINK_ITEMS UNIX_COMMAND "${PHOSPHENE_LIBS_PRIVATE}")
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/PhospheneConfig.cmake.in
  ${PROJECT_BINARY_DIR}/PhospheneConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Phosphene
  PATH_VARS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR PHOSPHENE_INSTALL_DATA_DIR)
install(FILES ${PROJECT_BINARY_DIR}/PhospheneConfig.cmake
  ${PROJECT_BINARY_DIR}/PhospheneConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Phosphene)

file(RELATIVE_PATH PC_PREFIX_FROM_PCDIR /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/phosphene.pc.in ${PROJECT_BINARY_DIR}/phosphene.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/phosphene.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
