/** The nine guides of SPEC section 2.16, in the SPEC's order (the index cards and the browser tests read it). */
export const HELP_TOPICS = [
  { title: 'Tareas', path: '/ayuda/tareas', text: 'Tablero, panel de detalles, pasos con fotos, comentarios, uso sin conexión, archivo y calificación.' },
  { title: 'Usuarios', path: '/ayuda/usuarios', text: 'Roles, permisos, alcance por áreas, alta de usuarios, sesiones e ingreso con la cuenta de la empresa.' },
  { title: 'Reportes', path: '/ayuda/reportes', text: 'Filtros y exportación a XLSX, PDF y CSV.' },
  { title: 'Áreas', path: '/ayuda/areas', text: 'Cómo las áreas organizan usuarios y tareas.' },
  { title: 'Notificaciones', path: '/ayuda/notificaciones', text: 'Avisos a un usuario o a todos, recordatorios de vencimiento, la bandeja, push y correo.' },
  {
    title: 'Programación de tarea',
    path: '/ayuda/programacion',
    text: 'Tareas que se repiten por días, semanas, meses o años, y el calendario laboral.',
  },
  { title: 'Estados', path: '/ayuda/estados', text: 'Columnas del tablero, orden y colores.' },
  { title: 'Tipos de tarea', path: '/ayuda/tipo-tarea', text: 'Clasificación de las tareas.' },
  { title: 'Puestos de Trabajo', path: '/ayuda/puestos-trabajo', text: 'Puestos y sus responsabilidades.' },
] as const;

export type HelpPath = (typeof HELP_TOPICS)[number]['path'];
